package org.maestro.common.client;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Counts, per peer id, the notes the client did not ask for (notifications, late or unexpected replies, refused
 * notes) in windows of one second; a peer that sends more than the limit in one window is cut off for good: every
 * later note from it is ignored. Thread-safe.
 */
final class FloodGuard {
    /** By default, how many unasked notes one peer may send within one second. */
    static final int DEFAULT_LIMIT = 1000;

    private static final long WINDOW_NANOS = 1_000_000_000L;

    private final int limit;
    private final LongSupplier nanoClock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Set<String> cutOff = ConcurrentHashMap.newKeySet();

    FloodGuard(int limit, LongSupplier nanoClock) {
        if (limit <= 0) {
            throw new IllegalArgumentException("the flood limit must be positive: " + limit);
        }
        this.limit = limit;
        this.nanoClock = nanoClock;
    }

    int limit() {
        return limit;
    }

    /** True when the peer was cut off: its notes are to be ignored. */
    boolean isCutOff(String peerId) {
        return cutOff.contains(peerId);
    }

    /**
     * Counts one unasked note of a peer.
     *
     * @return true when this note made the peer cross the limit: it is cut off from now on (true only once per peer)
     */
    boolean charge(String peerId) {
        if (cutOff.contains(peerId)) {
            return false;
        }
        Window window = windows.computeIfAbsent(peerId, id -> new Window());
        synchronized (window) {
            long now = nanoClock.getAsLong();
            if (window.count == 0 || now - window.start >= WINDOW_NANOS) {
                window.start = now;
                window.count = 0;
            }
            window.count++;
            if (window.count > limit) {
                windows.remove(peerId);
                return cutOff.add(peerId);
            }
        }
        return false;
    }

    /** The notes of one peer in the current window. */
    private static final class Window {
        long start;
        int count;
    }
}
