package org.maestro.worker.bench;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** At most a fixed number of unacknowledged sends of one connection; taking room waits at most 10 seconds. */
final class SendWindow {
    /** The window of the bare loops: the drivers' default {@code inflight}. */
    static final int SIZE = 1000;

    private static final long LIMIT_SECONDS = 10;

    private final Semaphore room = new Semaphore(SIZE);

    /** Takes room for one send; throws when no acknowledgement freed any within the limit. */
    void take() throws InterruptedException {
        if (!room.tryAcquire(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no acknowledgement for " + LIMIT_SECONDS + " s with " + SIZE
                    + " sends unacknowledged: is the server still up?");
        }
    }

    /** Gives back the room of {@code sends} acknowledged sends. */
    void release(int sends) {
        room.release(sends);
    }
}
