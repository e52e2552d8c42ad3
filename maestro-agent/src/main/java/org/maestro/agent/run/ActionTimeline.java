package org.maestro.agent.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.maestro.agent.handler.ProgramOutput;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.agent.AgentActionsWriter;

/**
 * The start and end of every action of an agent, written as {@code agent-actions.csv} into the result directory
 * each action belongs to by {@link AgentActionsWriter}; thread-safe.
 *
 * <pre>
 * # maestro-agent v2
 * action,command,start,end,outcome,message,exit,stdout,stderr
 * 1,restart router 2,1732262580000,1732262582311,success,router stopped for 2 s and started again,,,
 * </pre>
 *
 * {@code start} and {@code end} are epoch milliseconds; {@code end} is empty and {@code outcome} {@code running}
 * for an action still running when the file was written; {@code exit}, {@code stdout} and {@code stderr} are those
 * of a handler that is a program.
 */
public final class ActionTimeline {
    /** The file name in the peer's result directory. */
    public static final String FILE_NAME = AgentActions.FILE_NAME;

    private final Map<String, ActionRecord> records = new LinkedHashMap<>();

    /** Adds or replaces the record of an action. */
    public synchronized void update(ActionRecord record) {
        records.put(record.id(), record);
    }

    /** Drops the records of every action but those named. */
    public synchronized void retainOnly(Set<String> actionIds) {
        records.keySet().retainAll(actionIds);
    }

    /** All records, in the order the actions started. */
    public synchronized List<ActionRecord> records() {
        return List.copyOf(records.values());
    }

    /** Writes the file of one result directory with the actions that belong to it. */
    public void write(Path resultDirectory) throws IOException {
        List<AgentActions.Row> rows = new ArrayList<>();
        for (ActionRecord record : records()) {
            if (Objects.equals(record.resultDirectory(), resultDirectory)) {
                ProgramOutput program = record.program();
                rows.add(new AgentActions.Row(
                        record.id(),
                        record.command(),
                        record.start(),
                        record.end(),
                        record.outcome().label(),
                        record.message(),
                        program == null ? "" : Integer.toString(program.exitCode()),
                        program == null ? "" : program.stdout(),
                        program == null ? "" : program.stderr()));
            }
        }
        AgentActionsWriter.write(resultDirectory, rows);
    }

    /** Writes the file of every result directory that has actions. */
    public void writeAll() throws IOException {
        Set<Path> directories = new LinkedHashSet<>();
        for (ActionRecord record : records()) {
            if (record.resultDirectory() != null) {
                directories.add(record.resultDirectory());
            }
        }
        for (Path directory : directories) {
            write(directory);
        }
    }
}
