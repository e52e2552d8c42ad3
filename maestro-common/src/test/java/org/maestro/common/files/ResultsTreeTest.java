package org.maestro.common.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A file a peer names is written below the iteration directory's real path, or not at all. */
class ResultsTreeTest {
    @TempDir
    Path work;

    @ParameterizedTest
    @ValueSource(strings = {"/etc/passwd", "../x", "a/../../x", "a/./b", ".hidden", "a//b", "a\\b", "c:x", "a\u0000b"})
    void pathsThatCouldLeaveTheTreeAreRefusedSayingWhy(String relative) throws IOException {
        Path iteration = Files.createDirectories(work.resolve("t/0"));
        IOException refused = assertThrows(IOException.class, () -> ResultsTree.file(iteration, relative));
        assertTrue(refused.getMessage().startsWith("refused to write"), refused.getMessage());
        assertTrue(ResultsTree.check(relative).isPresent());
    }

    @Test
    void aPlainPathResolvesBelowTheRealIterationDirectory() throws IOException {
        Path real = Files.createDirectories(work.resolve("real/0"));
        Path link = Files.createSymbolicLink(work.resolve("link"), work.resolve("real"));

        Path file = ResultsTree.file(link.resolve("0"), "sender-1@h/rate.csv");

        assertEquals(real.toRealPath().resolve("sender-1@h/rate.csv"), file);
    }

    @Test
    void aSymbolicLinkInsideTheTreeIsRefused() throws IOException {
        Path iteration = Files.createDirectories(work.resolve("t/0"));
        Path elsewhere = Files.createDirectories(work.resolve("elsewhere"));
        Files.createSymbolicLink(iteration.resolve("sender-1@h"), elsewhere);

        IOException refused = assertThrows(IOException.class, () -> ResultsTree.file(iteration, "sender-1@h/rate.csv"));

        assertTrue(refused.getMessage().contains("is a symbolic link"), refused.getMessage());
        Files.createSymbolicLink(iteration.resolve("x.txt"), elsewhere.resolve("x.txt"));
        assertThrows(IOException.class, () -> ResultsTree.file(iteration, "x.txt"));
    }

    @Test
    void aFileWhereADirectoryIsExpectedIsRefused() throws IOException {
        Path iteration = Files.createDirectories(work.resolve("t/0"));
        Files.writeString(iteration.resolve("peer@h"), "a file");

        IOException refused = assertThrows(IOException.class, () -> ResultsTree.directory(iteration, "peer@h"));

        assertTrue(refused.getMessage().endsWith("is not a directory"), refused.getMessage());
    }
}
