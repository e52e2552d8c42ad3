package org.maestro.agent.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.agent.role.AgentRole;
import org.maestro.agent.source.ExtensionSource;
import org.maestro.common.cli.CommandErrors;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import picocli.CommandLine;

/** `maestro-agent init`: the skeleton it writes and the directories it refuses. */
class AgentInitCommandTest {

    @TempDir
    Path temp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = CommandErrors.install(new CommandLine(new AgentInitCommand()));
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        return command.execute(args);
    }

    @Test
    void writesASkeletonTheAgentCanRun() throws Exception {
        Path directory = temp.resolve("allowed/agent-actions");
        assertEquals(0, run(directory.toString()), err.toString());
        for (String file : AgentInitCommand.FILES) {
            assertTrue(Files.isRegularFile(directory.resolve(file)), file);
        }
        assertTrue(out.toString().contains("Wrote an agent source to " + directory), out.toString());

        AgentRole agent = new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .allowDirectory(temp.resolve("allowed"))
                .build());
        TestPeerContext peer = new TestPeerContext(temp.resolve("results"));
        try {
            agent.handle(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(directory.toString(), "")), peer);
            agent.handle(Note.request(Command.START_AGENT), peer);
            ExtensionSource source = agent.source().orElseThrow();
            assertEquals(List.of("disk-usage", "hello", "service-down"), source.handlerNames());
            for (String name : source.handlerNames()) {
                source.action(source.handler(name).orElseThrow());
            }
            assertTrue(Files.isExecutable(directory.resolve("handlers/disk-usage")));
            agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("hello big world")), peer);
            Notification done = peer.next(Command.NOTIFY_SUCCESS, Duration.ofSeconds(30));
            assertTrue(done.output().contains("args: [big, world]"), done.output());
            assertEquals("greeted 2 words", done.details().get("result"));

            agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("service-down")), peer);
            Notification usage = peer.next(Command.NOTIFY_FAIL, Duration.ofSeconds(30));
            assertTrue(usage.message().endsWith("failed: usage: service-down <unit> <seconds>"), usage.message());

            agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("disk-usage " + temp)), peer);
            Notification disk = peer.next(Command.NOTIFY_SUCCESS, Duration.ofSeconds(30));
            assertTrue(
                    disk.details().get("result").matches(".*\\d+% /.*"),
                    disk.details().get("result"));
        } finally {
            agent.halt();
        }
    }

    @Test
    void refusesADirectoryThatIsNotEmpty() throws Exception {
        Files.writeString(temp.resolve("notes.txt"), "mine");
        assertEquals(2, run(temp.toString()));
        assertTrue(err.toString().contains(temp + " is not empty: give a new or empty directory"), err.toString());
        assertEquals("mine", Files.readString(temp.resolve("notes.txt")));
    }

    @Test
    void refusesAFile() throws Exception {
        Path file = Files.writeString(temp.resolve("file"), "x");
        assertEquals(2, run(file.toString()));
        assertTrue(err.toString().contains("is a file, not a directory"), err.toString());
    }

    @Test
    void acceptsAnEmptyDirectoryAndRequiresOne() {
        assertEquals(0, run(temp.toString()));
        assertEquals(2, run());
        assertTrue(err.toString().contains("Missing required parameter: '<dir>'"), err.toString());
    }
}
