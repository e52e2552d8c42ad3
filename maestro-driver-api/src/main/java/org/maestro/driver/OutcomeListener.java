package org.maestro.driver;

/**
 * Hears how the system under test settled each send of a {@link DriverProducer}: called once per send that returned
 * normally and was not presettled, on a thread of the driver, possibly before the send returns. Must be thread-safe
 * and quick: it runs on the driver's I/O or completion thread.
 */
@FunctionalInterface
public interface OutcomeListener {
    /** Ignores every outcome. */
    OutcomeListener IGNORE = (token, outcome, resendable, detail) -> {};

    /**
     * Called once with the outcome of a send.
     *
     * @param token      the token the sender passed to {@link DriverProducer#send(long, byte[], int)}
     * @param outcome    how the system settled the send
     * @param resendable true when the system said sending the same message again may succeed: released, or
     *                   modified without marking it undeliverable here
     * @param detail     a short text for logs (the system's reason), or null
     */
    void onOutcome(long token, DeliveryOutcome outcome, boolean resendable, String detail);

    /**
     * True when this listener sends again what the system released, so the driver must tell with each modified
     * outcome whether sending again may succeed; false when {@code resendable} is not used (a driver may then learn
     * outcomes in a cheaper way that tells it later or not at all).
     */
    default boolean resendsReleased() {
        return false;
    }
}
