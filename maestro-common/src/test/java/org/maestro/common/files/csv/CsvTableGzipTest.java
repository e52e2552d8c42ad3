package org.maestro.common.files.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A compressed CSV file is read as a stream, and one that inflates beyond the bound is refused, naming it. */
class CsvTableGzipTest {
    @TempDir
    Path work;

    @Test
    void aCompressedTableIsReadWithItsVersionComment() throws IOException {
        Path file = gzip("rate.csv.gz", "# maestro-rate v1\ntime,count\n1,10\n2,20\n", 1);

        CsvTable table = CsvTable.read(file, 1024);

        assertEquals("rate", table.kind());
        assertEquals(1, table.version());
        assertEquals(2, table.rows().size());
    }

    @Test
    void aFileThatInflatesBeyondTheBoundIsRefused() throws IOException {
        // 2 MiB of rows compress to a few KiB: a small file on disk, a large one in memory
        Path file = gzip("bomb.csv.gz", "1,10\n", 2 * 1024 * 1024 / 5);

        IOException refused = assertThrows(IOException.class, () -> CsvTable.read(file, 1024 * 1024));

        assertTrue(refused.getMessage().contains(file.toString()), refused.getMessage());
        assertTrue(refused.getMessage().contains("more than 1048576 bytes (uncompressed)"), refused.getMessage());
        assertTrue(Files.size(file) < 64 * 1024, "the file itself is small: " + Files.size(file));
    }

    private Path gzip(String name, String text, int times) throws IOException {
        Path file = work.resolve(name);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < times; i++) {
                out.write(bytes);
            }
        }
        return file;
    }
}
