package org.maestro.common.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The body bytes a sender sent or a receiver received in a run, as its test.properties records them: all bytes
 * ({@value #BYTES}), and those of the measured messages ({@value #MEASURED_BYTES}, warm-up excluded) with their
 * number ({@value #MEASURED_MESSAGES}), from which the mean size of a measured message follows.
 *
 * @param bytes the bytes of every body counted
 * @param measuredBytes the bytes of the measured bodies
 * @param measuredMessages the number of measured bodies
 */
public record BodyBytes(long bytes, long measuredBytes, long measuredMessages) {
    /** The property of all bytes. */
    public static final String BYTES = "payload.bytes";
    /** The property of the measured messages' bytes. */
    public static final String MEASURED_BYTES = "payload.measured.bytes";
    /** The property of the number of measured messages. */
    public static final String MEASURED_MESSAGES = "payload.measured.messages";

    /** No bytes. */
    public static final BodyBytes NONE = new BodyBytes(0, 0, 0);

    /** The sum of two counts. */
    public BodyBytes plus(BodyBytes other) {
        return new BodyBytes(
                bytes + other.bytes, measuredBytes + other.measuredBytes, measuredMessages + other.measuredMessages);
    }

    /** The mean size of a measured message in bytes, or empty without measured messages. */
    public Optional<Double> meanSize() {
        return measuredMessages == 0 ? Optional.empty() : Optional.of((double) measuredBytes / measuredMessages);
    }

    /** The test properties of these counts. */
    public Map<String, String> properties() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(BYTES, Long.toString(bytes));
        values.put(MEASURED_BYTES, Long.toString(measuredBytes));
        values.put(MEASURED_MESSAGES, Long.toString(measuredMessages));
        return values;
    }

    /** True for the property names of these counts, which are measurements, not test parameters. */
    public static boolean isProperty(String key) {
        return key.equals(BYTES) || key.equals(MEASURED_BYTES) || key.equals(MEASURED_MESSAGES);
    }

    /** The counts a peer's test.properties records, or empty when it records none (or a wrong number). */
    public static Optional<BodyBytes> of(Map<String, String> properties) {
        String bytes = properties.get(BYTES);
        String measured = properties.get(MEASURED_BYTES);
        String messages = properties.get(MEASURED_MESSAGES);
        if (bytes == null || measured == null || messages == null) {
            return Optional.empty();
        }
        try {
            BodyBytes read = new BodyBytes(
                    Long.parseLong(bytes.trim()), Long.parseLong(measured.trim()), Long.parseLong(messages.trim()));
            return read.bytes < 0 || read.measuredBytes < 0 || read.measuredMessages < 0
                    ? Optional.empty()
                    : Optional.of(read);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
