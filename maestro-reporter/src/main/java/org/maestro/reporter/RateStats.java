package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Message rate of a set of peers over the measured window: the measured messages (those not sent during warm-up, by
 * each message's own flag) divided by the window's length; for receivers, those that arrived within the window
 * ({@code org.maestro.reporter.compute.ReceiveRate}).
 *
 * @param mean measured messages per second: {@code total / (millis / 1000)}; without a measured window (no sender
 *             recorded one: their files did not arrive, or they sent no measured message) the measured messages over
 *             the number of measured seconds
 * @param max highest per-second total of the seconds wholly inside the window
 * @param min lowest per-second total of the seconds wholly inside the window
 * @param seconds number of one-second rows that counted measured messages (a receiver's: within the window)
 * @param total measured messages, warm-up excluded (a receiver's: those received within the window)
 * @param millis length of the measured window the mean divides by, ms; 0 without a measured window
 * @param warmup warm-up messages counted by the same peers, excluded from {@code total} and {@code mean}
 * @param megabytesPerSecond the payload bytes of the measured messages per second in MB (10^6 bytes):
 *             {@code bytesPerSecond / 10^6}; from peers that did not record their bytes {@code mean × MESSAGE_SIZE /
 *             10^6}, the nominal size ({@code ~256}: 256) standing for every message; null when the size is unknown
 * @param meanSize the mean body size of the measured messages in bytes, as the peers counted the bodies they sent
 *             (received); null when they did not record it
 * @param bytesPerSecond the body bytes of the measured messages per second: {@code mean × meanSize}; null when the
 *             peers did not record their bytes
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RateStats(
        double mean,
        long max,
        long min,
        int seconds,
        long total,
        long millis,
        long warmup,
        Double megabytesPerSecond,
        Double meanSize,
        Double bytesPerSecond) {

    /** The rate of a set of peers that wrote no measured interval. */
    public static final RateStats EMPTY = new RateStats(0.0, 0, 0, 0, 0, 0, 0);

    /** A rate whose byte rate is not known yet. */
    public RateStats(double mean, long max, long min, int seconds, long total, long millis, long warmup) {
        this(mean, max, min, seconds, total, millis, warmup, null, null, null);
    }

    /**
     * The same rate with its byte rate for measured messages of {@code meanSize} bytes on average, as the peers
     * counted them.
     */
    public RateStats withMeanSize(double meanSize) {
        if (seconds == 0 && total == 0 && millis == 0) {
            return this;
        }
        double bytes = mean * meanSize;
        return new RateStats(mean, max, min, seconds, total, millis, warmup, bytes / 1_000_000.0, meanSize, bytes);
    }

    /** The same rate with its byte rate for messages of {@code messageBytes} bytes. */
    public RateStats withMessageSize(int messageBytes) {
        if (seconds == 0 && total == 0 && millis == 0) {
            return this; // no rate measured: the byte rate is unknown too
        }
        return new RateStats(
                mean, max, min, seconds, total, millis, warmup, mean * messageBytes / 1_000_000.0, null, null);
    }
}
