package org.maestro.common.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.protocol.Payload;

/** A peer ships the files it wrote, never what a symbolic link in its result directory points at. */
class ResultShipperLinksTest {
    @TempDir
    Path work;

    @Test
    void symbolicLinksAreNeitherShippedNorFollowed() throws Exception {
        Path secrets = Files.createDirectories(work.resolve("secrets"));
        Files.writeString(secrets.resolve("shadow"), "root:x");
        Path results = Files.createDirectories(work.resolve("results"));
        Files.writeString(results.resolve("rate.csv"), "time,count\n");
        Files.createSymbolicLink(results.resolve("shadow"), secrets.resolve("shadow"));
        Files.createSymbolicLink(results.resolve("all"), secrets);

        List<Payload.Chunk> shipped = new ArrayList<>();
        int files = ResultShipper.ship(results, shipped::add);

        assertEquals(1, files);
        assertEquals(
                List.of("rate.csv"), shipped.stream().map(Payload.Chunk::file).toList());
        assertEquals(11, shipped.get(0).size(), "the chunk declares the file's size");
        assertEquals(List.of("rate.csv"), ResultShipper.list(results));
    }
}
