package org.maestro.agent.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.handler.ProgramOutput;
import org.maestro.common.files.agent.AgentActions;

/** The agent's actions file: one versioned CSV row per action, replaced when the action ends. */
class ActionTimelineTest {

    @Test
    void writesAVersionedCsvWithOneRowPerActionOfThatDirectory(@TempDir Path root) throws Exception {
        Path first = root.resolve("t/0/agent-1@h");
        Path second = root.resolve("t/1/agent-1@h");
        ActionTimeline timeline = new ActionTimeline();
        timeline.update(new ActionRecord(
                "1", "restart router 2", 1000, 3500, ActionOutcome.SUCCESS, "down, for 2 s", first, null));
        timeline.update(new ActionRecord("2", "say \"hi\"", 4000, -1, ActionOutcome.RUNNING, "", first, null));
        timeline.update(
                new ActionRecord("3", "drop 5s", 9000, 9100, ActionOutcome.FAILED, "line one\nline two", second, null));

        timeline.writeAll();

        assertEquals(
                List.of(
                        "# maestro-agent v2",
                        "action,command,start,end,outcome,message,exit,stdout,stderr",
                        "1,restart router 2,1000,3500,success,\"down, for 2 s\",,,",
                        "2,\"say \"\"hi\"\"\",4000,,running,,,,"),
                Files.readAllLines(first.resolve("agent-actions.csv")));
        assertEquals(
                List.of(
                        "# maestro-agent v2",
                        "action,command,start,end,outcome,message,exit,stdout,stderr",
                        "3,drop 5s,9000,9100,failed,line one line two,,,"),
                Files.readAllLines(second.resolve("agent-actions.csv")));
        assertFalse(Files.exists(first.resolve("agent-actions.csv.tmp")));
    }

    @Test
    void replacesTheRowOfAnActionWhenItEnds(@TempDir Path root) throws Exception {
        ActionTimeline timeline = new ActionTimeline();
        ActionRecord started = new ActionRecord("7", "x", 10, -1, ActionOutcome.RUNNING, "", root, null);
        timeline.update(started);
        timeline.update(started.ended(20, ActionOutcome.CANCELLED, "cancelled by STOP_AGENT"));
        timeline.write(root);
        assertEquals(
                "7,x,10,20,cancelled,cancelled by STOP_AGENT,,,",
                Files.readAllLines(root.resolve("agent-actions.csv")).get(2));
    }

    @Test
    void writesTheExitCodeAndTheOutputOfAProgramOnItsRowAndKeepsThemWhenItEnds(@TempDir Path root) throws Exception {
        ActionTimeline timeline = new ActionTimeline();
        ActionRecord started = new ActionRecord("4", "check-disk /var", 10, -1, ActionOutcome.RUNNING, "", root, null);
        timeline.update(started.ended(
                30,
                ActionOutcome.FAILED,
                "handlers/check-disk exited with 3",
                new ProgramOutput(3, "checking /var\n", "full, \"really\"\n")));
        timeline.write(root);
        assertEquals(
                "4,check-disk /var,10,30,failed,handlers/check-disk exited with 3,3,checking /var\\n,"
                        + "\"full, \"\"really\"\"\\n\"",
                Files.readAllLines(root.resolve("agent-actions.csv")).get(2));
        AgentActions.Row row =
                AgentActions.read(root.resolve("agent-actions.csv")).get(0);
        assertEquals("3", row.exit());
        assertEquals("checking /var\n", row.stdout());
        assertEquals("full, \"really\"\n", row.stderr());
    }
}
