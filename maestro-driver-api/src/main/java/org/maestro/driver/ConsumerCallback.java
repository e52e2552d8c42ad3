package org.maestro.driver;

/** Receives the messages of a {@link DriverConsumer}, one call at a time per consumer. */
@FunctionalInterface
public interface ConsumerCallback {

    /**
     * Called once per message.
     *
     * @param body           the message body; the driver does not touch the array afterwards
     * @param receiveMicros  when the message reached the application, in epoch µs of the connection's clock
     */
    void onMessage(byte[] body, long receiveMicros);
}
