package org.maestro.agent.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log of an agent action: timestamped lines, and the tail that goes into the notification. */
class ActionLogTest {

    @Test
    void writesTimestampedLinesAndKeepsTheTailForTheNotification(@TempDir Path temp) throws Exception {
        Path file = temp.resolve("agent-action-1.log");
        try (ActionLog log = new ActionLog(file, () -> 0L)) {
            for (int i = 0; i < 100; i++) {
                log.line("INFO line " + i);
            }
            String tail = log.tail(200);
            assertTrue(tail.length() <= 200, tail);
            assertTrue(tail.startsWith("… (earlier output left out; all of it is in agent-action-1.log)\n"), tail);
            assertTrue(tail.endsWith("1970-01-01T00:00:00Z INFO line 99\n"), tail);
            assertTrue(tail.lines().skip(1).allMatch(line -> line.startsWith("1970-01-01T00:00:00Z INFO line ")), tail);
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(100, lines.size());
        assertEquals("1970-01-01T00:00:00Z INFO line 0", lines.get(0));
    }

    @Test
    void aShortLogIsSentWhole() throws Exception {
        try (ActionLog log = new ActionLog(null, () -> 1_000_000L)) {
            log.line("WARN only");
            assertEquals("1970-01-01T00:00:01Z WARN only\n", log.tail(4000));
        }
    }
}
