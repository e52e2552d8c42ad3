package org.maestro.common.files.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** connections.csv: what the writer writes the reader reads back, and what a peer must not send is refused. */
class ConnectionsCsvTest {
    @TempDir
    Path dir;

    private static final String HEADER = String.join(",", ConnectionsCsv.COLUMNS);

    @Test
    void readsBackWhatWasWritten() throws IOException {
        List<ConnectionsCsv.Row> rows = List.of(
                new ConnectionsCsv.Row(
                        4, 0, 0, -1, "orders-0", 100L, 2L, 1L, null, null, null, 90, 25_600, 10, 20, "HISTFAAA+/="),
                new ConnectionsCsv.Row(
                        5, 1, 1, 3, "a,b \"quoted\"", null, null, null, 98L, 1L, 0L, 80, 25_088, 11, 21, ""));
        Path file = dir.resolve(ConnectionsCsv.FILE_NAME);
        ConnectionsCsvWriter.write(file, rows);
        assertTrue(Files.readString(file).startsWith(ConnectionsCsv.VERSION_LINE + "\n" + HEADER + "\n"));
        assertEquals(rows, ConnectionsCsv.read(file));
    }

    @Test
    void refusesANewerFormatNamingIt() throws IOException {
        Path file = write("# maestro-connections v9\n" + HEADER + "\n");
        IOException error = assertThrows(IOException.class, () -> ConnectionsCsv.read(file));
        assertTrue(error.getMessage().contains("v9"), error.getMessage());
    }

    @Test
    void refusesAMissingColumnNamingIt() throws IOException {
        Path file = write(ConnectionsCsv.VERSION_LINE + "\nindex,connection\n1,2\n");
        IOException error = assertThrows(IOException.class, () -> ConnectionsCsv.read(file));
        assertTrue(error.getMessage().contains("no column 'destination'"), error.getMessage());
    }

    @Test
    void refusesCellsOutOfBoundsNamingRowAndColumn() throws IOException {
        String good = "1,1,1,-1,q,1,0,0,,,,1,1,1,1,";
        String[][] cases = {
            {"1,1,100000,-1,q,1,0,0,,,,1,1,1,1,", "column 'destination'"},
            {"1,1,1,-2,q,1,0,0,,,,1,1,1,1,", "column 'subscription'"},
            {"1,1,1,-1,q,x,0,0,,,,1,1,1,1,", "column 'sent'"},
            {"1,1,1,-1,q,1,0,0,,,,-5,1,1,1,", "column 'measured'"},
            {"1,1,1,-1,q,1,0,0,,,,1,1,1,1,not<base64>", "column 'histogram'"},
            {"1,1,1,-1," + "n".repeat(ConnectionsCsv.MAX_NAME + 1) + ",1,0,0,,,,1,1,1,1,", "column 'name'"},
            {"1,1,1,-1,q,99999999999999999999,0,0,,,,1,1,1,1,", "column 'sent'"}
        };
        for (String[] bad : cases) {
            Path file = write(ConnectionsCsv.VERSION_LINE + "\n" + HEADER + "\n" + good + "\n" + bad[0] + "\n");
            IOException error = assertThrows(IOException.class, () -> ConnectionsCsv.read(file), bad[0]);
            assertTrue(error.getMessage().contains("data row 2, " + bad[1]), error.getMessage());
        }
    }

    @Test
    void refusesMoreRowsThanConnectionsAPeerHas() throws IOException {
        StringBuilder text = new StringBuilder(ConnectionsCsv.VERSION_LINE + "\n" + HEADER + "\n");
        for (int i = 0; i <= ConnectionsCsv.MAX_ROWS; i++) {
            text.append(i).append(",0,0,-1,q,1,0,0,,,,1,1,1,1,\n");
        }
        Path file = write(text.toString());
        IOException error = assertThrows(IOException.class, () -> ConnectionsCsv.read(file));
        assertTrue(error.getMessage().contains("at most " + ConnectionsCsv.MAX_ROWS), error.getMessage());
    }

    private Path write(String text) throws IOException {
        return Files.write(dir.resolve("c" + System.nanoTime() + ".csv"), text.getBytes(StandardCharsets.UTF_8));
    }
}
