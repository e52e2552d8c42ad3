package org.maestro.common.options;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The test parameters as a peer used them, by parameter name, as {@code test.properties} records them and the report
 * shows them: every value set, the default of every parameter left unset ({@link TestOptions#DEFAULT_VALUES}), and the
 * SUT URLs as senders and receivers used them, {@code SEND_RECEIVE_URL} when both use one URL and {@code SEND_URL}
 * with {@code RECEIVE_URL} when they differ.
 *
 * <pre>{@code
 * ParameterTable.of(options)   // {MESSAGE_SIZE=256, PARALLEL_COUNT=1, RATE=50, SEND_RECEIVE_URL=amqp://h:5672/q, …}
 * }</pre>
 */
public final class ParameterTable {
    private static final String BOTH = OptionCode.BROKER.parameter();
    private static final String SEND = OptionCode.SEND_URL.parameter();
    private static final String RECEIVE = OptionCode.RECEIVE_URL.parameter();

    private ParameterTable() {}

    /** The parameters of options a peer holds, URLs as they were set (redact them before writing them out). */
    public static Map<String, String> of(TestOptions options) {
        Map<String, String> set = new TreeMap<>();
        options.values().forEach((option, value) -> set.put(option.parameter(), value));
        return complete(set);
    }

    /**
     * Recorded parameters made complete as {@link #of} makes them: the defaults of unset parameters added and the URLs
     * put as senders and receivers used them. Results written before peers recorded their defaults read the same as
     * later ones this way; a peer always recorded every option it held, so an absent one was at its default.
     */
    public static Map<String, String> complete(Map<String, String> recorded) {
        Map<String, String> table = new TreeMap<>(recorded);
        TestOptions.DEFAULT_VALUES.forEach((option, value) -> table.putIfAbsent(option.parameter(), value));
        if (table.containsKey(OptionCode.RATE_PROFILE.parameter())
                && !recorded.containsKey(OptionCode.RATE.parameter())) {
            table.remove(OptionCode.RATE.parameter()); // the profile is the rate, not RATE's default
        }
        String both = table.remove(BOTH);
        String send = table.remove(SEND);
        String receive = table.remove(RECEIVE);
        send = send != null ? send : both;
        receive = receive != null ? receive : both;
        if (send != null && Objects.equals(send, receive)) {
            table.put(BOTH, send);
        } else {
            if (send != null) {
                table.put(SEND, send);
            }
            if (receive != null) {
                table.put(RECEIVE, receive);
            }
        }
        return table;
    }
}
