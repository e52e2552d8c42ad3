package org.maestro.topology.local;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds an executable by name on a {@code PATH}-style list of directories. */
public final class ExecutableFinder {

    private ExecutableFinder() {}

    /** The first executable file called {@code name} in the directories of {@code path}, if any. */
    public static Optional<Path> find(String name, String path) {
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** {@code qdrouterd} on this process's {@code PATH}, if installed. */
    public static Optional<Path> qdrouterd() {
        return find("qdrouterd", System.getenv("PATH"));
    }
}
