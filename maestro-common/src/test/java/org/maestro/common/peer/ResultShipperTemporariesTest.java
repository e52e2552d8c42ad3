package org.maestro.common.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * A peer killed in the middle of writing a result file leaves the temporary file of {@link AtomicFiles} beside it;
 * the peer never ships it, and the client refuses it by name.
 */
class ResultShipperTemporariesTest {
    @TempDir
    Path work;

    @Test
    void theTemporaryFileOfAnUnfinishedWriteIsNotShipped() throws Exception {
        Path results = Files.createDirectories(work.resolve("results"));
        AtomicFiles.writeString(results.resolve("peer-result.json"), "{\"old\":true}");
        Files.writeString(results.resolve("rate.csv"), "time,count\n");
        // two writes that never finish, as when the peer is killed during them: their temporary files stay
        try (AtomicFiles.Replacement result = AtomicFiles.replace(results.resolve("peer-result.json"));
                AtomicFiles.Replacement nested = AtomicFiles.replace(results.resolve("agent/agent-actions.csv"))) {
            result.stream().write("{\"new\":".getBytes(StandardCharsets.UTF_8));
            result.stream().flush();
            nested.stream().write("time,act".getBytes(StandardCharsets.UTF_8));
            nested.stream().flush();
            List<Path> temporaries = temporaries(results);
            assertEquals(2, temporaries.size(), temporaries.toString());

            List<Payload.Chunk> shipped = new ArrayList<>();
            int files = ResultShipper.ship(results, shipped::add);

            assertEquals(2, files);
            assertEquals(
                    List.of("peer-result.json", "rate.csv"),
                    shipped.stream().map(Payload.Chunk::file).toList());
            assertEquals("{\"old\":true}", new String(shipped.get(0).data(), StandardCharsets.UTF_8));
            assertEquals(List.of("peer-result.json", "rate.csv"), ResultShipper.list(results));
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

    private static List<Path> temporaries(Path directory) throws Exception {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(p -> AtomicFiles.isTemporary(p.getFileName().toString()))
                    .sorted()
                    .toList();
        }
    }
}
