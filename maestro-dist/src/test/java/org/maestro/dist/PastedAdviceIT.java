package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.testing.MosquittoProcess;
import org.maestro.testing.RealRouter;

/**
 * The commands that maestro-cli's messages suggest, pasted: each message is brought about through the built
 * distribution's {@code maestro-cli}, every command it gives in single quotes is taken from it and run as printed in a
 * shell, and must do what the message says it does. The one substitution: the missing-router message names an example
 * folder for a relocatable qdrouterd build, which the test replaces by that of this machine's qdrouterd.
 */
class PastedAdviceIT {
    /** A command in a message: in single quotes, starting with the program or shell word it runs. */
    private static final Pattern SUGGESTED = Pattern.compile("'((?:maestro-cli|export) [^']+)'");

    private static final Duration SHORT = Duration.ofSeconds(60);

    @RegisterExtension
    static final MosquittoProcess mosquitto = MosquittoProcess.perTestClass();

    @TempDir
    Path work;

    @Test
    void theCommandsThatStartMissingPeersStartPeersThatAnswer() throws Exception {
        CommandRun.Result ping = shell("maestro-cli ping --wait 1s --maestro-url " + mosquitto.url());
        assertEquals(3, ping.exitCode(), ping.toString());
        List<String> pingAdvice = suggested(lastLine(ping));
        assertEquals(2, pingAdvice.size(), ping.toString());

        // a test needing all four roles, with nothing connected
        String unused = "127.0.0.1:" + FreePorts.next();
        CommandRun.Result run = shell("SEND_RECEIVE_URL=amqp://" + unused + "/advice.queue MANAGEMENT_INTERFACE=http://"
                + unused + "/console/jolokia maestro-cli run "
                + RepositoryFiles.path("test-scripts/FixedRateTestWithAgent.groovy") + " --results results "
                + "--maestro-url " + mosquitto.url());
        assertEquals(3, run.exitCode(), run.toString());
        String runMessage = run.output()
                .lines()
                .filter(line -> line.contains("but none answered"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no missing-peer message:\n" + run));
        List<String> runAdvice = suggested(runMessage);
        assertEquals(4, runAdvice.size(), runMessage);
        assertTrue(
                runAdvice.containsAll(pingAdvice),
                "ping and run suggest other commands for the load roles: " + pingAdvice + " vs " + runAdvice);

        // pasted: each runs, and a peer of each role answers a ping
        List<BackgroundCommand> pasted = new ArrayList<>();
        try (ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()))) {
            for (String command : runAdvice) {
                pasted.add(BackgroundCommand.start(command, work, environment()));
            }
            Set<String> roles = new LinkedHashSet<>();
            long deadline = System.nanoTime() + SHORT.toNanos();
            while (roles.size() < 4 && System.nanoTime() - deadline < 0) {
                client.ping(Duration.ofSeconds(1)).stream()
                        .map(PeerStatus::peer)
                        .forEach(peer -> roles.add(peer.role()));
                for (BackgroundCommand command : pasted) {
                    assertTrue(command.alive(), command + " ended:\n" + command.output());
                }
            }
            assertEquals(
                    Set.of("sender", "receiver", "inspector", "agent"),
                    roles,
                    "peers that answered after pasting " + runAdvice + ":\n" + outputs(pasted));
            for (BackgroundCommand command : pasted) {
                assertFalse(command.output().contains("Unknown option"), command + ":\n" + command.output());
            }
        } finally {
            for (BackgroundCommand command : pasted) {
                command.close();
            }
        }
    }

    @Test
    void theCommandsThatStopATopologyStopIt() throws Exception {
        Path description = work.resolve("brokers.yaml");
        Files.writeString(description, "nodes:\n  - {id: broker1, type: broker}\n");
        String up = "maestro-cli topology up --input " + description + " --work-dir up";
        Files.createDirectories(work.resolve("stale"));
        try (BackgroundCommand running = BackgroundCommand.start(up, work, environment())) {
            running.awaitOutput("State: ", SHORT);
            String stopWith = lineWith(running.output(), "State: ");
            List<String> stopAdvice = suggested(stopWith);
            assertEquals(1, stopAdvice.size(), stopWith);
            // a state file whose process will be gone: the stale case below
            Files.copy(work.resolve("up/state.json"), work.resolve("stale/state.json"));

            CommandRun.Result again = shell(up);
            assertEquals(2, again.exitCode(), again.toString());
            List<String> againAdvice = suggested(lastLine(again));
            assertEquals(stopAdvice, againAdvice, "the refusal and the start line suggest other stop commands");

            CommandRun.Result down = shell(againAdvice.get(0));
            assertEquals(0, down.exitCode(), down.toString());
            assertTrue(down.output().contains("Topology 'brokers' is down."), down.toString());
            assertEquals(0, running.awaitExit(SHORT), running.output());
        }

        CommandRun.Result stale = shell(up.replace("--work-dir up", "--work-dir stale"));
        assertEquals(2, stale.exitCode(), stale.toString());
        assertTrue(lastLine(stale).contains("stale state file"), stale.toString());
        List<String> staleAdvice = suggested(lastLine(stale));
        assertEquals(1, staleAdvice.size(), stale.toString());
        CommandRun.Result cleared = shell(staleAdvice.get(0));
        assertEquals(0, cleared.exitCode(), cleared.toString());
        assertFalse(Files.exists(work.resolve("stale/state.json")), cleared.toString());
    }

    @Test
    void theMissingRouterAdviceStartsTheRouters() throws Exception {
        Path qdrouterd = RealRouter.require();
        for (String directory : environment().get("PATH").split(":")) {
            assertFalse(
                    Files.isExecutable(Path.of(directory, "qdrouterd")),
                    "qdrouterd is in " + directory + ", on the bare PATH: the message cannot be brought about");
        }
        Path description = work.resolve("router.yaml");
        Files.writeString(description, "nodes:\n  - {id: router1, type: router}\n");
        String up = "maestro-cli topology up --input " + description + " --work-dir routers";

        CommandRun.Result missing = shell(up);
        assertEquals(3, missing.exitCode(), missing.toString());
        String message = lastLine(missing);
        assertTrue(message.contains("QDROUTERD") && message.contains("relocatable build"), message);
        List<String> advice = suggested(message);
        assertEquals(1, advice.size(), message);
        Matcher example =
                Pattern.compile("export QDROUTERD=(/\\S+)/bin/qdrouterd").matcher(advice.get(0));
        assertTrue(example.matches(), advice.get(0));

        // the one substitution: the example's program, by this machine's
        String export = advice.get(0).replace(example.group(1) + "/bin/qdrouterd", qdrouterd.toString());
        try (BackgroundCommand running = BackgroundCommand.start(export + "; " + up, work, environment())) {
            running.awaitOutput("State: ", SHORT);
            assertTrue(running.output().contains("router1"), running.output());
            CommandRun.Result down =
                    shell(suggested(lineWith(running.output(), "State: ")).get(0));
            assertEquals(0, down.exitCode(), down.toString());
            assertEquals(0, running.awaitExit(SHORT), running.output());
        }
    }

    /** The commands a message suggests, in order. */
    private static List<String> suggested(String message) {
        Matcher matcher = SUGGESTED.matcher(message);
        List<String> commands = new ArrayList<>();
        while (matcher.find()) {
            commands.add(matcher.group(1));
        }
        assertFalse(commands.isEmpty(), "the message suggests no command: " + message);
        return commands;
    }

    private CommandRun.Result shell(String line) throws IOException, InterruptedException {
        return CommandRun.isolated(List.of("bash", "-c", line), work, environment())
                .run(SHORT);
    }

    /** A bare machine with the distribution's maestro-cli on the PATH. */
    private Map<String, String> environment() {
        Map<String, String> environment = Distribution.bareJreEnvironment(work);
        environment.put("PATH", Distribution.directory().resolve("bin") + ":" + environment.get("PATH"));
        return environment;
    }

    private static String lastLine(CommandRun.Result result) {
        List<String> lines = result.output().lines().filter(l -> !l.isBlank()).toList();
        assertFalse(lines.isEmpty(), result.toString());
        return lines.get(lines.size() - 1);
    }

    private static String lineWith(String output, String text) {
        return output.lines()
                .filter(line -> line.contains(text))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line with '" + text + "':\n" + output));
    }

    private static String outputs(List<BackgroundCommand> commands) throws IOException {
        StringBuilder all = new StringBuilder();
        for (BackgroundCommand command : commands) {
            all.append("$ ").append(command).append('\n').append(command.output());
        }
        return all.toString();
    }
}
