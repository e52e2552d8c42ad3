package org.maestro.client.api;

import org.maestro.common.options.OptionCode;

/**
 * The DSL words a test and each of its flows share: where the load goes (URLs) and what it is (connections, rate,
 * message size, duration, warm-up); each sets the option of the same parameter name.
 *
 * @param <T> the definition the words return, for chaining
 */
public abstract class LoadSettings<T extends LoadSettings<T>> {

    /** Sets an option's value as written; checked when the test resolves. */
    protected abstract T set(OptionCode option, String value);

    /** The SUT URL senders and receivers use (SEND_RECEIVE_URL). */
    public T sut(String url) {
        return set(OptionCode.BROKER, url);
    }

    /** The URL senders send to, when it differs from receivers' (e.g. two ends of a router line). */
    public T sendUrl(String url) {
        return set(OptionCode.SEND_URL, url);
    }

    /** The URL receivers receive from. */
    public T receiveUrl(String url) {
        return set(OptionCode.RECEIVE_URL, url);
    }

    /**
     * Message size in bytes, {@code "256"}, {@code "~256"} for ±5%, or sizes with their shares such as
     * {@code "64:50%,1024:40%,65536:10%"}.
     */
    public T messageSize(Object size) {
        return set(OptionCode.MESSAGE_SIZE, String.valueOf(size));
    }

    /** Connections per sender and per receiver peer. */
    public T parallelCount(int count) {
        return set(OptionCode.PARALLEL_COUNT, Integer.toString(count));
    }

    /** Messages per second per connection; 0 is unbounded. */
    public T rate(int rate) {
        return set(OptionCode.RATE, Integer.toString(rate));
    }

    /** {@code "90s"}, {@code "1h30m"}, or a message count per connection. */
    public T duration(Object duration) {
        return set(OptionCode.DURATION, String.valueOf(duration));
    }

    /** Load before measuring, excluded from results. */
    public T warmUp(String duration) {
        return set(OptionCode.WARM_UP, duration);
    }

    /**
     * A rate that changes over the test, in messages/s per connection like {@link #rate}: steps and ramps such as
     * {@code "1000 for 30s, ramp 5000 over 60s, 5000 for 2m"} (RATE_PROFILE; not with {@code rate}; the test lasts
     * the profile's total).
     */
    public T rateProfile(String profile) {
        return set(OptionCode.RATE_PROFILE, profile);
    }

    /** The destinations the connections spread over: {@code {n}} in the URLs (DESTINATIONS). */
    public T destinations(int count) {
        return set(OptionCode.DESTINATIONS, Integer.toString(count));
    }

    /** The subscriptions of each destination: {@code {s}} in the receive URL (SUBSCRIPTIONS). */
    public T subscriptions(int count) {
        return set(OptionCode.SUBSCRIPTIONS, Integer.toString(count));
    }

    /**
     * How long after the senders' first message the receivers begin to consume (RECEIVE_DELAY, e.g. {@code "3s"}):
     * they attach at the start, so the messages wait in the system under test.
     */
    public T receiveDelay(String duration) {
        return set(OptionCode.RECEIVE_DELAY, duration);
    }

    /** The most messages per second each receiver connection consumes (RECEIVE_RATE; 0 = unbounded). */
    public T receiveRate(int rate) {
        return set(OptionCode.RECEIVE_RATE, Integer.toString(rate));
    }

    /** When the receivers consume nothing (RECEIVE_PAUSE, e.g. {@code "at 10s for 20s"} from the measured start). */
    public T receivePause(String pauses) {
        return set(OptionCode.RECEIVE_PAUSE, pauses);
    }

    /**
     * Files in the workers' payload directory whose contents are the bodies: {@code "order.json,invoice.json"} (in
     * turn) or {@code "order.json:70%,invoice.json:30%"}.
     */
    public T payloadFiles(String files) {
        return set(OptionCode.PAYLOAD_FILES, files);
    }

    /** The share of random bytes in a generated body, 0 to 100 (percent); the rest are zero bytes. */
    public T payloadRandom(Object percent) {
        return set(OptionCode.PAYLOAD_RANDOM, String.valueOf(percent));
    }
}
