package org.maestro.worker.measure;

import java.util.List;
import java.util.Map;
import org.maestro.common.measure.BodyBytes;

/** Adds up the body bytes of a run's connections into the test properties that record them ({@link BodyBytes}). */
public final class PayloadBytes {
    private PayloadBytes() {}

    /** The sum of the connections' counts. */
    public static BodyBytes total(List<ByteCount> counts) {
        BodyBytes total = BodyBytes.NONE;
        for (ByteCount count : counts) {
            total = total.plus(count.snapshot());
        }
        return total;
    }

    /** The test properties of the connections' counts. */
    public static Map<String, String> properties(List<ByteCount> counts) {
        return total(counts).properties();
    }
}
