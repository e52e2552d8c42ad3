package org.maestro.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the files of the repository the tests check (docker/, docs/, README.md …) from the module directory. */
final class RepositoryFiles {
    private RepositoryFiles() {}

    /** The repository root: the system property {@code maestro.repository.root}, else the parent of the working directory. */
    static Path root() {
        String configured = System.getProperty("maestro.repository.root");
        Path root = configured != null
                ? Path.of(configured)
                : Path.of("").toAbsolutePath().getParent();
        root = root.toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("pom.xml")) || !Files.isDirectory(root.resolve("maestro-dist"))) {
            throw new IllegalStateException(
                    root + " is not the Maestro repository root (no pom.xml and maestro-dist/)");
        }
        return root;
    }

    /** A path below the repository root. */
    static Path path(String relative) {
        return root().resolve(relative);
    }

    /** The text of a file below the repository root. */
    static String read(String relative) {
        try {
            return Files.readString(path(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
