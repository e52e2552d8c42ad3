package org.maestro.reporter;

import java.util.Locale;
import java.util.Optional;

/**
 * Explains duplicate deliveries, wherever a test's counts are shown: how many messages arrived more than once, that
 * the received counts and rate include every copy, and, when (almost) every message arrived several times, the usual
 * cause: an address that gives every message to every receiver connection (publish-subscribe). The received rate is
 * then above the sent rate, which is never shown without this.
 */
public final class DuplicateDeliveries {

    /** The share of distinct messages delivered again above which the copies are taken for publish-subscribe. */
    static final double FAN_OUT_SHARE = 0.9;

    private DuplicateDeliveries() {}

    /**
     * The explanation, or empty when nothing arrived twice and the received rate is not above the sent one.
     *
     * @param received distinct messages received, the whole test
     * @param duplicates deliveries beyond the first, the whole test
     * @param receivedRate the measured receive rate (every copy counted), msg/s
     * @param sentRate the measured send rate, msg/s; 0 when unknown
     */
    public static Optional<String> explain(long received, long duplicates, double receivedRate, double sentRate) {
        boolean above = sentRate > 0 && receivedRate > sentRate * 1.01;
        if (duplicates <= 0) {
            return above
                    ? Optional.of(String.format(
                            Locale.ROOT,
                            "the received rate %.1f msg/s is above the sent rate %.1f msg/s without duplicates: "
                                    + "receivers counted messages that senders sent before the measured window (a "
                                    + "backlog drained in it)",
                            receivedRate,
                            sentRate))
                    : Optional.empty();
        }
        StringBuilder text = new StringBuilder(
                String.format(Locale.ROOT, "%,d duplicate deliveries (messages received more than once)", duplicates));
        if (above) {
            text.append(String.format(
                    Locale.ROOT,
                    ": the received rate %.1f msg/s counts every copy and is above the sent rate %.1f msg/s",
                    receivedRate,
                    sentRate));
        } else {
            text.append(": the received rate counts every copy");
        }
        if (received > 0 && duplicates >= received * FAN_OUT_SHARE) {
            double copies = 1.0 + (double) duplicates / received;
            text.append(String.format(
                    Locale.ROOT,
                    "; every message arrived %.1f times on average: the address gives every message to every "
                            + "receiver connection (publish-subscribe: a plain MQTT topic, a NATS subject without a "
                            + "queue group, a topic), here about %.0f receiver connections; for queue-like delivery use a "
                            + "shared subscription (MQTT share=…), a queue group (NATS queue=…) or a queue "
                            + "(docs/drivers.md), or one receiver connection",
                    copies,
                    copies));
        } else {
            text.append(" (redeliveries after a reconnect or a failover, or several receivers of one address)");
        }
        return Optional.of(text.toString());
    }
}
