package org.maestro.topology.local;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Finds an executable by name on a {@code PATH}-style list of directories. */
public final class ExecutableFinder {

    /**
     * The environment variable that names the {@code qdrouterd} program to use instead of the one on the {@code
     * PATH}, e.g. the {@code bin/qdrouterd} of a relocatable build.
     */
    public static final String QDROUTERD_VARIABLE = "QDROUTERD";

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

    /**
     * The {@code qdrouterd} that {@value #QDROUTERD_VARIABLE} names in this environment (as given: whether it is an
     * executable is for the caller to check), else the one on its {@code PATH}, if any.
     */
    public static Optional<Path> qdrouterd(UnaryOperator<String> environment) {
        String named = environment.apply(QDROUTERD_VARIABLE);
        if (named != null && !named.isBlank()) {
            return Optional.of(Path.of(named.trim()));
        }
        return find("qdrouterd", environment.apply("PATH"));
    }
}
