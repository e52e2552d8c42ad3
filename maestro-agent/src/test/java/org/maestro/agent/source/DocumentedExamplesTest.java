package org.maestro.agent.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.agent.role.AgentRole;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/**
 * The handler examples of docs/agent.md (Groovy scripts and shell programs) and the example source of test-scripts
 * compile, and the runnable ones run.
 */
class DocumentedExamplesTest {
    private static final Path DOCS = Path.of("..", "docs", "agent.md");
    private static final Path EXAMPLE =
            Path.of("..", "test-scripts", "agent-example").toAbsolutePath().normalize();
    private static final Pattern BLOCK = Pattern.compile(
            "```(?:groovy\\n// |sh\\n#!/bin/sh\\n# )(handlers/[\\w/.-]+)(?:\\s+\\(run: ([^)]+)\\))?\\n(.*?)```",
            Pattern.DOTALL);
    private static final String SHELL = "#!/bin/sh\n";

    @TempDir
    Path temp;

    private record Example(String file, String run, String code) {}

    @Test
    void everyHandlerOfTheDocsCompilesAndTheRunnableOnesSucceed() throws Exception {
        List<Example> examples = new ArrayList<>();
        Matcher matcher = BLOCK.matcher(Files.readString(DOCS));
        while (matcher.find()) {
            examples.add(new Example(matcher.group(1), matcher.group(2), matcher.group(3)));
        }
        assertTrue(examples.size() >= 3, "docs/agent.md has handler examples: " + examples);
        assertTrue(
                examples.stream().anyMatch(example -> !example.file().endsWith(".groovy")),
                "docs/agent.md has a handler that is a program: " + examples);
        Path source = temp.resolve("allowed/docs");
        for (Example example : examples) {
            Path file = source.resolve(example.file());
            Files.createDirectories(file.getParent());
            if (ExtensionSource.isScript(file)) {
                Files.writeString(file, example.code());
            } else {
                Files.writeString(file, SHELL + example.code());
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        AgentRole agent = agent(source);
        try {
            TestPeerContext peer = new TestPeerContext(temp.resolve("results"));
            agent.handle(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(source.toString(), "")), peer);
            agent.handle(Note.request(Command.START_AGENT), peer);
            compileAll(agent);
            for (Example example : examples) {
                if (example.run() != null) {
                    agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text(example.run())), peer);
                    Notification done = peer.next(Duration.ofSeconds(30));
                    assertEquals(Command.NOTIFY_SUCCESS, done.command(), example.file() + ": " + done.message());
                }
            }
        } finally {
            agent.halt();
        }
    }

    @Test
    void theExampleSourceCompilesAndItsSnapshotRuns() throws Exception {
        AgentRole agent = agent(EXAMPLE);
        try {
            TestPeerContext peer = new TestPeerContext(temp.resolve("results"));
            agent.handle(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(EXAMPLE.toString(), "")), peer);
            agent.handle(Note.request(Command.START_AGENT), peer);
            assertEquals(
                    List.of("link-down", "restart", "shutdown", "snapshot"),
                    agent.source().orElseThrow().handlerNames());
            compileAll(agent);

            agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("snapshot")), peer);
            Notification snapshot = peer.next(Command.NOTIFY_SUCCESS, Duration.ofSeconds(30));
            assertTrue(snapshot.output().contains("$ uname -a"), snapshot.output());
            assertTrue(snapshot.output().contains("  | Linux"), snapshot.output());

            agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("link-down 5")), peer);
            Notification usage = peer.next(Command.NOTIFY_FAIL, Duration.ofSeconds(30));
            assertTrue(
                    usage.message().endsWith("usage: link-down <seconds> <port> [--netns <namespace>]"),
                    usage.message());
            assertFalse(agent.busy());
        } finally {
            agent.halt();
        }
    }

    private AgentRole agent(Path allowed) {
        return new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .allowDirectory(allowed.getParent())
                .build());
    }

    private static void compileAll(AgentRole agent) throws Exception {
        ExtensionSource source = agent.source().orElseThrow();
        for (String name : source.handlerNames()) {
            source.action(source.handler(name).orElseThrow());
        }
    }
}
