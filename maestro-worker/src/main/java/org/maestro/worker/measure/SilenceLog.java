package org.maestro.worker.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.common.files.gaps.ReceiveGapsWriter;

/**
 * The silences of one receiver peer: every time no message reached any of its connections for at least a threshold,
 * when the silence began (the last message before) and ended (the first message after), written as
 * {@code receive-gaps.csv} by {@link ReceiveGapsWriter}. This is an outage as the receivers saw it. Thread-safe: every connection records into it.
 */
public final class SilenceLog {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = ReceiveGaps.FILE_NAME;
    /** Silences kept at most; later ones are counted only. */
    static final int MAX_KEPT = 10_000;

    /** One silence, in epoch µs. */
    public record Silence(long startMicros, long endMicros) {
        /** Its length in ms. */
        public double millis() {
            return (endMicros - startMicros) / 1000.0;
        }
    }

    private final long thresholdMicros;
    private final AtomicLong lastMicros = new AtomicLong();
    private final ConcurrentLinkedQueue<Silence> silences = new ConcurrentLinkedQueue<>();
    private final AtomicInteger kept = new AtomicInteger();
    private final AtomicLong dropped = new AtomicLong();

    /** A log of the silences of at least {@code thresholdMicros}. */
    public SilenceLog(long thresholdMicros) {
        this.thresholdMicros = thresholdMicros;
    }

    /**
     * The threshold for a test: 200 ms, or three intervals of one connection's planned rate when that is longer, so
     * that a slow fixed rate is not an outage.
     */
    public static long thresholdMicros(int ratePerConnection) {
        long threeIntervals = ratePerConnection > 0 ? 3_000_000L / ratePerConnection : 0;
        return Math.max(200_000, threeIntervals);
    }

    /** Notes that a message arrived at {@code receiveMicros}. */
    public void onMessage(long receiveMicros) {
        long previous = lastMicros.getAndAccumulate(receiveMicros, Math::max);
        if (previous > 0 && receiveMicros - previous >= thresholdMicros) {
            if (kept.incrementAndGet() <= MAX_KEPT) {
                silences.add(new Silence(previous, receiveMicros));
            } else {
                dropped.incrementAndGet();
            }
        }
    }

    /** The silences kept so far, in the order they ended. */
    public List<Silence> silences() {
        return new ArrayList<>(silences);
    }

    /** Writes the file: one row per silence kept, and a comment line when some were not kept. */
    public void write(Path file) throws IOException {
        List<ReceiveGaps.Gap> gaps = new ArrayList<>();
        for (Silence silence : silences) {
            gaps.add(new ReceiveGaps.Gap(silence.startMicros(), silence.endMicros()));
        }
        ReceiveGapsWriter.write(file, thresholdMicros / 1000, dropped.get(), gaps);
    }
}
