package org.maestro.common.files.rate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rate.csv is read in the one format the peers write (v3, every column), and any other is refused, naming why. */
class RateLogTest {
    private static final String HEADER =
            "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed\n";

    @TempDir
    Path work;

    @Test
    void aVersionThreeFileIsRead() throws IOException {
        Path file = write(
                "# maestro-rate v3\n" + HEADER + "2000,1500,30,20,1,false,29,1,0,0,0\n2900,900,7,7,0,false,,,,,\n");

        List<RateLog.Row> rows = RateLog.read(file);

        assertEquals(2, rows.size());
        assertEquals(1500, rows.get(0).millis());
        assertEquals(10, rows.get(0).warmupCount());
        assertEquals(1, rows.get(0).outcomes().released());
        assertNull(rows.get(1).outcomes(), "a receiver's row has no outcomes");
    }

    @Test
    void aFileOfAnotherVersionIsRefused() throws IOException {
        Path file =
                write("# maestro-rate v2\ntimestamp,count,errors,warmup,accepted,released,rejected,modified,failed\n"
                        + "2000,100,6,false,90,5,1,0,0\n");

        IOException refused = assertThrows(IOException.class, () -> RateLog.read(file));

        assertEquals(
                file + " has rate format v2; this Maestro reads '# maestro-rate v3' files, the format its peers write",
                refused.getMessage());
    }

    @Test
    void aFileWithoutTheVersionLineIsRefused() throws IOException {
        Path file = write(HEADER + "2000,1000,30,30,0,false,,,,,\n");

        IOException refused = assertThrows(IOException.class, () -> RateLog.read(file));

        assertTrue(refused.getMessage().startsWith(file + " has no version line;"), refused.getMessage());
    }

    @Test
    void aMissingColumnIsNamed() throws IOException {
        Path file = write("# maestro-rate v3\n" + HEADER.replace("measured,", "") + "2000,1000,30,0,false,,,,,\n");

        IOException refused = assertThrows(IOException.class, () -> RateLog.read(file));

        assertTrue(refused.getMessage().contains("(no column 'measured')"), refused.getMessage());
    }

    private Path write(String text) throws IOException {
        return Files.writeString(work.resolve(RateLog.FILE_NAME), text);
    }
}
