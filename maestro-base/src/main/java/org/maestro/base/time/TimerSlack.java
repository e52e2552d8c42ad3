package org.maestro.base.time;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Makes timed waits of the calling thread wake on time. Linux lets each thread's timers fire up to its timer slack
 * late (50 µs by default) so that wake-ups can be batched; a thread that sends on a timeline wants 1 µs instead,
 * which it sets through {@code /proc/<thread id>/timerslack_ns}. Elsewhere, or where that file cannot be written,
 * nothing changes.
 *
 * <pre>{@code
 * TimerSlack.minimise(); // on the sending thread, before its loop
 * }</pre>
 */
public final class TimerSlack {
    /** The slack asked for, in ns. */
    static final long SLACK_NANOS = 1_000;

    private TimerSlack() {}

    /** Sets the calling thread's timer slack to 1 µs; true when it was set. */
    public static boolean minimise() {
        try {
            Path file = slackFileOfThisThread();
            Files.writeString(file, Long.toString(SLACK_NANOS));
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The calling thread's timer slack in ns, or −1 where it cannot be read. */
    static long current() {
        try {
            return Long.parseLong(Files.readString(slackFileOfThisThread()).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** {@code /proc/<tid>/timerslack_ns} of the calling thread. */
    private static Path slackFileOfThisThread() throws IOException {
        String tid = ThreadSelf.id().orElseThrow(() -> new IOException("no /proc/thread-self"));
        return Paths.get("/proc", tid, "timerslack_ns");
    }
}
