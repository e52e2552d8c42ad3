package org.maestro.reporter.read;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds tests, iterations and peers in a results directory laid out as
 * {@code <results>/<test-name>/<iteration>/<peer-name>@<host>/}.
 */
public final class ResultsLayout {

    private ResultsLayout() {}

    /** Test directories of a results directory: those holding at least one iteration, by name. */
    public static List<Path> testDirectories(Path resultsDir) {
        return subdirectories(resultsDir).stream()
                .filter(dir -> !iterationDirectories(dir).isEmpty())
                .collect(Collectors.toList());
    }

    /** Iteration directories of a test directory: numeric names holding a peer directory, by number. */
    public static List<Path> iterationDirectories(Path testDir) {
        return subdirectories(testDir).stream()
                .filter(dir -> isIterationName(dir.getFileName().toString()))
                .filter(dir -> !subdirectories(dir).isEmpty())
                .sorted(Comparator.comparingLong(
                        dir -> Long.parseLong(dir.getFileName().toString())))
                .collect(Collectors.toList());
    }

    /** Peer directories of an iteration directory, by name. */
    public static List<Path> peerDirectories(Path iterationDir) {
        return subdirectories(iterationDir);
    }

    /** True for names an iteration directory can have: 0, 1, 2 … */
    public static boolean isIterationName(String name) {
        return !name.isEmpty() && name.length() < 10 && name.chars().allMatch(Character::isDigit);
    }

    static List<Path> subdirectories(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory)
                    .filter(child -> !child.getFileName().toString().startsWith("."))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
