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

    /** Message size in bytes, {@code "256"} or {@code "~256"} for ±5%. */
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
}
