package org.maestro.driver.mqtt;

import java.util.Map;

/** The names of the MQTT 5 reason codes a broker answers a publish or a subscription with. */
final class ReasonCodes {
    /** The smallest reason code that means failure. */
    static final int FIRST_FAILURE = 0x80;
    /** The largest reason code (one byte); Paho's own error codes are larger. */
    static final int LAST = 0xFF;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(0x00, "Success"),
            Map.entry(0x01, "Granted QoS 1"),
            Map.entry(0x02, "Granted QoS 2"),
            Map.entry(0x10, "No matching subscribers"),
            Map.entry(0x80, "Unspecified error"),
            Map.entry(0x83, "Implementation specific error"),
            Map.entry(0x87, "Not authorized"),
            Map.entry(0x8F, "Topic filter invalid"),
            Map.entry(0x90, "Topic Name invalid"),
            Map.entry(0x91, "Packet Identifier in use"),
            Map.entry(0x92, "Packet Identifier not found"),
            Map.entry(0x97, "Quota exceeded"),
            Map.entry(0x99, "Payload format invalid"),
            Map.entry(0x9E, "Shared Subscriptions not supported"),
            Map.entry(0xA1, "Subscription Identifiers not supported"),
            Map.entry(0xA2, "Wildcard Subscriptions not supported"));

    private ReasonCodes() {}

    /** True for a reason code that says the broker refused. */
    static boolean refused(int code) {
        return code >= FIRST_FAILURE;
    }

    /** The code with its name, e.g. {@code 0x87 (Not authorized)}. */
    static String describe(int code) {
        return String.format("0x%02X (%s)", code, NAMES.getOrDefault(code, "unknown reason code"));
    }
}
