package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.maestro.agent.actions.Privileges;
import org.maestro.cli.embedded.EmbeddedSut;

/**
 * When the embedded mode starts its peers, the iptables rules that a killed agent's {@code drop} left behind are
 * removed and named, and the rules of agents that still run are kept (checked in a network namespace of its own).
 */
class EmbeddedLeftoverRulesTest {

    @Test
    void theEmbeddedAgentRemovesOnlyRulesOfAgentsThatEndedAndSaysSo() throws Exception {
        Assumptions.assumeTrue(
                Privileges.hasNetAdmin(), "skipped: iptables rules need the right to change the network");
        String namespace = "maestro-embedded-test-" + ProcessHandle.current().pid() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000));
        Assumptions.assumeTrue(run("ip", "netns", "add", namespace).isPresent(), "skipped: cannot create a namespace");
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        String orphan = "maestro-agent-action-9-pid" + ended.pid();
        String running = "maestro-agent-action-4-pid" + ProcessHandle.current().pid();
        List<String> notes = new CopyOnWriteArrayList<>();
        try {
            addRule(namespace, 21, orphan);
            addRule(namespace, 22, running);

            try (EmbeddedStart embedded =
                    new EmbeddedStart(EmbeddedSut.onFreePort(false, notes::add), notes::add, 10)) {
                embedded.client();
            }

            String rules = run("ip", "netns", "exec", namespace, "iptables", "-S", "INPUT")
                    .orElseThrow();
            assertTrue(
                    notes.contains("embedded agent: removed the iptables rule '-A INPUT -p tcp -m tcp --dport 21 -m "
                            + "comment --comment " + orphan + " -j DROP' in network namespace " + namespace
                            + ", left by an earlier run of an agent that did not end its drop action"),
                    notes.toString());
            assertFalse(rules.contains(orphan), rules);
            assertTrue(rules.contains(running), "the rule of an agent that runs stays: " + rules);
        } finally {
            run("ip", "netns", "delete", namespace);
        }
    }

    private static void addRule(String namespace, int port, String comment) throws Exception {
        assertTrue(
                run(
                                "ip",
                                "netns",
                                "exec",
                                namespace,
                                "iptables",
                                "-I",
                                "INPUT",
                                "-p",
                                "tcp",
                                "--dport",
                                Integer.toString(port),
                                "-m",
                                "comment",
                                "--comment",
                                comment,
                                "-j",
                                "DROP")
                        .isPresent(),
                "cannot add the rule " + comment);
    }

    /** Runs a command: what it printed when it succeeded, empty when it failed. */
    private static Optional<String> run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return process.waitFor() == 0 ? Optional.of(output) : Optional.empty();
    }
}
