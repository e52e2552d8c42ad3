package org.maestro.agent.actions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.maestro.agent.handler.ExecResult;
import org.maestro.agent.run.Programs;

/**
 * A network namespace made for a test (loopback up, a veth pair inside it), with a {@link NetnsProbe} running in it;
 * never touches the host's interfaces. Deleted on close.
 */
final class TestNamespace implements AutoCloseable {
    private final String name;
    private Process probe;
    private BufferedReader probeOut;
    private Writer probeIn;
    private int port;

    private TestNamespace(String name) {
        this.name = name;
    }

    /** Creates a namespace, or says why it cannot. */
    static Result create() {
        String name = "maestro-agent-test-" + ProcessHandle.current().pid() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000));
        try {
            ExecResult add = run("ip", "netns", "add", name);
            if (!add.ok()) {
                return new Result(null, "cannot create a network namespace: " + add.describe());
            }
            TestNamespace namespace = new TestNamespace(name);
            for (List<String> step : List.of(
                    List.of("ip", "-n", name, "link", "set", "lo", "up"),
                    List.of("ip", "-n", name, "link", "add", "veth-a", "type", "veth", "peer", "name", "veth-b"),
                    List.of("ip", "-n", name, "link", "set", "veth-a", "up"),
                    List.of("ip", "-n", name, "link", "set", "veth-b", "up"))) {
                ExecResult result = run(step.toArray(String[]::new));
                if (!result.ok()) {
                    namespace.close();
                    return new Result(null, "cannot set up the network namespace: " + result.describe());
                }
            }
            return new Result(namespace, null);
        } catch (IOException e) {
            return new Result(null, "cannot run ip: " + e.getMessage());
        }
    }

    /** A namespace, or why there is none. */
    record Result(TestNamespace namespace, String reason) {}

    String name() {
        return name;
    }

    /** Runs a program inside the namespace. */
    ExecResult exec(String... command) throws IOException {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", name));
        full.addAll(List.of(command));
        return run(full.toArray(String[]::new));
    }

    /** Null when the kernel lets a netem qdisc be added in the namespace, else why not. */
    String netemUnsupportedReason() throws IOException {
        ExecResult add = exec("tc", "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms");
        if (!add.ok()) {
            return "this kernel cannot add a netem qdisc: " + add.describe();
        }
        exec("tc", "qdisc", "del", "dev", "lo", "root");
        return null;
    }

    /** Starts the echo server and prober inside the namespace; returns the echo port. */
    int startProbe() throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        String classes = Path.of(NetnsProbe.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .getPath())
                .toString();
        probe = new ProcessBuilder(
                        "ip",
                        "netns",
                        "exec",
                        name,
                        java,
                        "-Xmx32m",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        classes,
                        NetnsProbe.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        probeOut = new BufferedReader(new InputStreamReader(probe.getInputStream(), StandardCharsets.UTF_8));
        probeIn = new OutputStreamWriter(probe.getOutputStream(), StandardCharsets.UTF_8);
        String first = probeOut.readLine();
        if (first == null || !first.startsWith("port ")) {
            throw new IOException("the probe in namespace " + name + " did not start: " + first);
        }
        port = Integer.parseInt(first.substring("port ".length()));
        return port;
    }

    /** The port of the echo server. */
    int port() {
        return port;
    }

    /** One TCP round trip inside the namespace: the time in µs, or empty when it timed out. */
    Optional<Long> roundTrip(Duration timeout) throws IOException {
        probeIn.write("probe " + timeout.toMillis() + "\n");
        probeIn.flush();
        String answer = probeOut.readLine();
        if (answer == null) {
            throw new IOException("the probe ended");
        }
        if (answer.equals("timeout")) {
            return Optional.empty();
        }
        if (!answer.startsWith("rtt ")) {
            throw new IOException("the probe failed: " + answer);
        }
        return Optional.of(Long.parseLong(answer.substring(4)));
    }

    @Override
    public void close() {
        if (probe != null) {
            probe.destroyForcibly();
            try {
                probe.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            run("ip", "netns", "del", name);
        } catch (IOException e) {
            // nothing more to do
        }
    }

    private static ExecResult run(String... command) throws IOException {
        try {
            return Programs.run(List.of(command), Duration.ofSeconds(30), line -> {}, process -> {});
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
