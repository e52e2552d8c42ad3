package org.maestro.common.files.inspector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.qpid.proton.amqp.UnsignedLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link InspectorCsvWriter} writes the inspector format as docs/inspector.md describes it. */
class InspectorCsvWriterTest {
    private static final List<String> COLUMNS = List.of("name", "count", "load", "up");

    @Test
    void writesTheFormatLineTheHeaderAndPlainValues(@TempDir Path directory) throws Exception {
        try (InspectorCsvWriter writer = InspectorCsvWriter.create(directory, "test-set", COLUMNS)) {
            writer.row(1_732_262_400_000L, List.of("queue,with \"quotes\"", 12_345_678_901L, 0.25, true));
            writer.row(
                    1_732_262_401_000L,
                    Arrays.asList("plain", UnsignedLong.valueOf("18446744073709551615"), 1.0E10, null));
            writer.row(1_732_262_402_000L, Arrays.asList("", null, Double.NaN, false));
        }
        assertEquals(
                "# maestro-inspector v1\n"
                        + "timestamp,name,count,load,up\n"
                        + "1732262400000,\"queue,with \"\"quotes\"\"\",12345678901,0.25,true\n"
                        + "1732262401000,plain,18446744073709551615,10000000000,\n"
                        + "1732262402000,,,,false\n",
                Files.readString(directory.resolve("test-set.csv"), StandardCharsets.UTF_8));
    }

    @Test
    void refusesARowOfTheWrongWidth(@TempDir Path directory) throws Exception {
        try (InspectorCsvWriter writer = InspectorCsvWriter.create(directory, "test-set", COLUMNS)) {
            IllegalArgumentException error =
                    assertThrows(IllegalArgumentException.class, () -> writer.row(0, List.of("one", 2)));
            assertEquals("test-set has 4 columns, a row of 2 values was given", error.getMessage());
        }
    }
}
