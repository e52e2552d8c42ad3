package org.maestro.worker.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The threads of a bare loop's senders, {@code bare-producer-}N, one per connection: a sender that fails prints its
 * failure, unless the loop was stopped (closing its connections fails the sends under way).
 */
final class SenderThreads {
    /** What the thread of one sender connection does. */
    @FunctionalInterface
    interface Sending {
        void run(int connection) throws Exception;
    }

    private final List<Thread> threads = new ArrayList<>();

    private SenderThreads() {}

    /** Starts one thread per connection running {@code sending}. */
    static SenderThreads start(int connections, AtomicBoolean stop, Sending sending) {
        SenderThreads started = new SenderThreads();
        for (int i = 0; i < connections; i++) {
            int connection = i;
            Thread thread = new Thread(
                    () -> {
                        try {
                            sending.run(connection);
                        } catch (Exception e) {
                            if (!stop.get()) {
                                e.printStackTrace();
                            }
                        }
                    },
                    "bare-producer-" + i);
            thread.start();
            started.threads.add(thread);
        }
        return started;
    }

    /** Waits for each thread to end, at most {@code millis} ms each. */
    void join(long millis) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(millis);
        }
    }
}
