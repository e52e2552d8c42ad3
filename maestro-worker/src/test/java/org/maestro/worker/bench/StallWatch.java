package org.maestro.worker.bench;

/**
 * Notices a counter of a bare loop that stopped moving: sampled once a second, a counter that was expected to move
 * and stayed the same for {@code limitSeconds} samples in a row has stalled.
 */
final class StallWatch {
    private final int limitSeconds;
    private final long[] last;
    private final int[] still;

    StallWatch(int counters, int limitSeconds) {
        this.limitSeconds = limitSeconds;
        this.last = new long[counters];
        this.still = new int[counters];
        java.util.Arrays.fill(last, -1);
    }

    /**
     * Takes this second's value of counter {@code index}; {@code expected} says whether it should have moved (a
     * sender with messages due, receivers with messages in flight). True when it has now stalled.
     */
    boolean stalled(int index, long value, boolean expected) {
        if (!expected || value != last[index]) {
            still[index] = 0;
        } else {
            still[index]++;
        }
        last[index] = value;
        return still[index] >= limitSeconds;
    }

    /** The seconds without progress that make a stall. */
    int limitSeconds() {
        return limitSeconds;
    }
}
