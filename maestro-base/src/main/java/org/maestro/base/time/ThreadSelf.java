package org.maestro.base.time;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The kernel's id of the calling thread (its {@code /proc/<pid>/task/<tid>}), which names the files of its timers
 * and scheduler statistics. Read from the {@code /proc/thread-self} link; absent where there is none.
 */
public final class ThreadSelf {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private ThreadSelf() {}

    /** The calling thread's id, e.g. "4711"; empty off Linux or where /proc cannot be read. */
    public static Optional<String> id() {
        try {
            Path task = Files.readSymbolicLink(THREAD_SELF);
            return Optional.of(task.getFileName().toString());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }
}
