package org.maestro.cli.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Finds a peer's directory in a test iteration's results by the start of its name. */
public final class PeerDirectories {
    private PeerDirectories() {}

    /** The first directory of {@code iteration} whose name starts with {@code prefix}, e.g. {@code receiver-d@}. */
    public static Path find(Path iteration, String prefix) throws IOException {
        try (Stream<Path> list = Files.list(iteration)) {
            return list.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .sorted()
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no peer directory " + prefix + "… in " + iteration));
        }
    }
}
