package org.maestro.common.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.files.ResultsTree;
import org.maestro.common.protocol.Payload;

/**
 * A peer ships the files it wrote: never what a symbolic link in its result directory points at, nor the temporary
 * file of {@link AtomicFiles} that a peer killed in the middle of a write leaves beside it (the client refuses that
 * one by name).
 */
class ResultShipperTest {
    @TempDir
    Path work;

    @Test
    void symbolicLinksAreNeitherShippedNorFollowed() throws Exception {
        Path secrets = Files.createDirectories(work.resolve("secrets"));
        Files.writeString(secrets.resolve("shadow"), "root:x");
        Path results = results();
        Files.createSymbolicLink(results.resolve("shadow"), secrets.resolve("shadow"));
        Files.createSymbolicLink(results.resolve("all"), secrets);

        List<Payload.Chunk> shipped = ship(results, List.of("rate.csv"));

        assertEquals(11, shipped.get(0).size(), "the chunk declares the file's size");
    }

    @Test
    void theTemporaryFileOfAnUnfinishedWriteIsNotShipped() throws Exception {
        Path results = results();
        AtomicFiles.writeString(results.resolve("peer-result.json"), "{\"old\":true}");
        // two writes that never finish, as when the peer is killed during them: their temporary files stay
        try (AtomicFiles.Replacement result = AtomicFiles.replace(results.resolve("peer-result.json"));
                AtomicFiles.Replacement nested = AtomicFiles.replace(results.resolve("agent/agent-actions.csv"))) {
            result.stream().write("{\"new\":".getBytes(StandardCharsets.UTF_8));
            result.stream().flush();
            nested.stream().write("time,act".getBytes(StandardCharsets.UTF_8));
            nested.stream().flush();
            List<Path> temporaries = temporaries(results);
            assertEquals(2, temporaries.size(), temporaries.toString());

            List<Payload.Chunk> shipped = ship(results, List.of("peer-result.json", "rate.csv"));

            assertEquals("{\"old\":true}", new String(shipped.get(0).data(), StandardCharsets.UTF_8));
            for (Path temporary : temporaries) {
                String name = results.relativize(temporary).toString();
                assertEquals(
                        "the temporary file of a write that never finished (its writer was killed)",
                        ResultsTree.check(name).orElseThrow(),
                        name);
            }
        }
    }

    @Test
    void onlyHiddenNamesEndingInTmpAreTemporaries() {
        assertTrue(AtomicFiles.isTemporary(".peer-result.json4711.tmp"));
        assertEquals(false, AtomicFiles.isTemporary("peer-result.tmp"), "not hidden: a file a peer wrote");
        assertEquals(false, AtomicFiles.isTemporary(".peer-result.json"), "hidden, but no temporary");
    }

    /** A result directory holding the file {@code rate.csv} a peer wrote. */
    private Path results() throws IOException {
        Path results = Files.createDirectories(work.resolve("results"));
        Files.writeString(results.resolve("rate.csv"), "time,count\n");
        return results;
    }

    /** Ships the directory, checking that the files {@code names}, and only they, are shipped and listed. */
    private static List<Payload.Chunk> ship(Path results, List<String> names) throws Exception {
        List<Payload.Chunk> shipped = new ArrayList<>();
        int files = ResultShipper.ship(results, shipped::add);

        assertEquals(names.size(), files);
        assertEquals(names, shipped.stream().map(Payload.Chunk::file).toList());
        assertEquals(names, ResultShipper.list(results));
        return shipped;
    }

    private static List<Path> temporaries(Path directory) throws Exception {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(p -> AtomicFiles.isTemporary(p.getFileName().toString()))
                    .sorted()
                    .toList();
        }
    }
}
