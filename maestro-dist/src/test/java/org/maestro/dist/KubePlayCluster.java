package org.maestro.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link KubePlayRendering} run by {@code podman kube play} on a network of its own: the podman secrets, one play
 * per file (the names of the Services that select its pods as network aliases), a Job's pod run to its end, a volume's
 * files copied out, the containers' last log lines, and the teardown ({@code kube down}, then the pods, volumes,
 * secrets and network it keeps).
 */
final class KubePlayCluster {
    private static final Duration COMMAND_DEADLINE = Duration.ofMinutes(2);
    private static final Duration RESTART_POLL = Duration.ofSeconds(2);
    private static final int LOG_LINES = 15;

    private final ContainerEngine engine;
    private final KubePlayRendering rendering;
    private final Path files;
    private final String network;
    private final Map<String, Path> played = new LinkedHashMap<>();

    /**
     * @param files an empty folder for the rendered files, which stay there to be read after the run
     * @param network the name of the network to create for the plays
     */
    KubePlayCluster(ContainerEngine engine, KubePlayRendering rendering, Path files, String network) {
        this.engine = engine;
        this.rendering = rendering;
        this.files = files;
        this.network = network;
    }

    /** Creates the network and the secrets, then plays every file but the Jobs'; fails with the containers' logs. */
    void up() throws IOException, InterruptedException {
        succeed(List.of("network", "create", network), COMMAND_DEADLINE);
        for (KubePlayRendering.PodmanSecret secret : rendering.secrets()) {
            createSecret(secret);
        }
        for (KubePlayRendering.Play play : rendering.plays()) {
            if (play.awaited().isEmpty()) {
                play(play, COMMAND_DEADLINE);
            }
        }
    }

    /**
     * Plays a Job's pod and waits for its containers to end. kube play returns once the pod's init containers ended
     * (here: once the peers and the SUT answer); meanwhile a container of the other pods that exits, which kube play
     * restarts at once, fails the run with its own last log lines rather than the deadline.
     *
     * @return the exit code of each of its containers, by container name
     */
    Map<String, Integer> runJob(String name, Duration deadline) throws IOException, InterruptedException {
        KubePlayRendering.Play job = rendering.plays().stream()
                .filter(p -> p.name().equals(name) && !p.awaited().isEmpty())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no Job " + name + " among the plays"));
        long end = System.nanoTime() + deadline.toNanos();
        Path file = write(job);
        Map<String, String> environment = new LinkedHashMap<>(System.getenv());
        environment.putAll(engine.environment());
        try (BackgroundCommand play = BackgroundCommand.start(shellLine(playCommand(job, file)), files, environment)) {
            while (play.alive()) {
                failOnRestartedContainers();
                if (System.nanoTime() - end > 0) {
                    throw new AssertionError(play + " did not end within " + deadline + " (its init containers wait "
                            + "for the peers and the SUT):\n" + play.output() + "\n" + logs());
                }
                Thread.sleep(RESTART_POLL.toMillis()); // polling the restart counts, with the deadline above
            }
            if (play.awaitExit(Duration.ZERO) != 0) {
                throw new AssertionError(
                        play + " exited " + play.awaitExit(Duration.ZERO) + ":\n" + play.output() + "\n" + logs());
            }
        }
        Duration left = Duration.ofNanos(
                Math.max(end - System.nanoTime(), Duration.ofSeconds(1).toNanos()));
        List<String> wait = new ArrayList<>(List.of("wait"));
        wait.addAll(job.awaited());
        CommandRun.Result waited = run(wait, left);
        List<String> codes = waited.output().strip().lines().toList();
        if (waited.exitCode() != 0 || codes.size() != job.awaited().size()) {
            throw new AssertionError(waited + "\n" + logs());
        }
        Map<String, Integer> exitCodes = new LinkedHashMap<>();
        for (int i = 0; i < codes.size(); i++) {
            exitCodes.put(job.awaited().get(i), Integer.parseInt(codes.get(i).strip()));
        }
        return exitCodes;
    }

    /** Fails naming the first container of the running pods that exited (and was restarted), with its last lines. */
    private void failOnRestartedContainers() throws IOException, InterruptedException {
        List<String> containers =
                rendering.plays().stream().flatMap(p -> p.running().stream()).toList();
        if (containers.isEmpty()) {
            return;
        }
        List<String> inspect =
                new ArrayList<>(List.of("container", "inspect", "--format", "{{.Name}} {{.RestartCount}}"));
        inspect.addAll(containers);
        CommandRun.Result counts = run(inspect, COMMAND_DEADLINE);
        if (counts.exitCode() != 0) {
            throw new AssertionError("a container of the pods is gone: " + counts + "\n" + logs());
        }
        for (String line : counts.output().strip().lines().toList()) {
            String[] fields = line.strip().split(" ");
            if (fields.length == 2 && !fields[1].equals("0")) {
                CommandRun.Result log =
                        run(List.of("logs", "--tail", Integer.toString(LOG_LINES), fields[0]), COMMAND_DEADLINE);
                throw new AssertionError("the container " + fields[0] + " exited and was started again " + fields[1]
                        + " times; its last lines:\n" + log.output());
            }
        }
    }

    /** Copies the files of a volume into a folder ({@code podman volume export}, then tar). */
    void exportVolume(String volume, Path into) throws IOException, InterruptedException {
        Files.createDirectories(into);
        Path tar = files.resolve(volume + ".tar");
        succeed(List.of("volume", "export", "--output", tar.toString(), volume), COMMAND_DEADLINE);
        CommandRun.Result untar = CommandRun.of(
                        List.of("tar", "-xf", tar.toString(), "-C", into.toString()), into, Map.of())
                .run(COMMAND_DEADLINE);
        if (untar.exitCode() != 0) {
            throw new AssertionError(untar.toString());
        }
        Files.delete(tar);
    }

    /** The last log lines of every container of the plays' pods (infra containers aside). */
    String logs() throws IOException, InterruptedException {
        StringBuilder logs = new StringBuilder();
        for (KubePlayRendering.Play play : rendering.plays()) {
            for (String pod : play.pods()) {
                CommandRun.Result names = run(
                        List.of("ps", "--all", "--filter", "pod=" + pod, "--format", "{{.Names}} {{.Status}}"),
                        COMMAND_DEADLINE);
                for (String line : names.output().strip().lines().toList()) {
                    String container = line.split(" ", 2)[0];
                    if (container.isBlank() || container.endsWith("-infra")) {
                        continue;
                    }
                    CommandRun.Result log =
                            run(List.of("logs", "--tail", Integer.toString(LOG_LINES), container), COMMAND_DEADLINE);
                    logs.append("--- ").append(line).append('\n').append(log.output());
                }
            }
        }
        return logs.toString();
    }

    /**
     * Removes what the plays made: {@code kube down} of each file played, then any pod, volume, secret and the
     * network still there. Also clears what an interrupted earlier run left under the same names.
     *
     * @return the commands that failed, one per line; empty when all went
     */
    String down() throws IOException, InterruptedException {
        StringBuilder failed = new StringBuilder();
        List<Path> playedFiles = new ArrayList<>(played.values());
        for (int i = playedFiles.size() - 1; i >= 0; i--) {
            note(failed, run(List.of("kube", "down", playedFiles.get(i).toString()), COMMAND_DEADLINE));
        }
        for (String pod : pods()) {
            if (exists(List.of("pod", "exists", pod))) {
                note(failed, run(List.of("pod", "rm", "--force", "--time", "2", pod), COMMAND_DEADLINE));
            }
        }
        for (String volume : rendering.volumes()) {
            if (exists(List.of("volume", "exists", volume))) {
                note(failed, run(List.of("volume", "rm", "--force", volume), COMMAND_DEADLINE));
            }
        }
        for (KubePlayRendering.PodmanSecret secret : rendering.secrets()) {
            if (exists(List.of("secret", "inspect", secret.name()))) {
                note(failed, run(List.of("secret", "rm", secret.name()), COMMAND_DEADLINE));
            }
        }
        if (exists(List.of("network", "exists", network))) {
            note(failed, run(List.of("network", "rm", "--force", network), COMMAND_DEADLINE));
        }
        return failed.toString();
    }

    /** The pods, volumes, secrets and network of the plays that still exist, one per line; empty when none. */
    String leftovers() throws IOException, InterruptedException {
        StringBuilder left = new StringBuilder();
        for (String pod : pods()) {
            if (exists(List.of("pod", "exists", pod))) {
                left.append("pod ").append(pod).append('\n');
            }
        }
        for (String volume : rendering.volumes()) {
            if (exists(List.of("volume", "exists", volume))) {
                left.append("volume ").append(volume).append('\n');
            }
        }
        for (KubePlayRendering.PodmanSecret secret : rendering.secrets()) {
            if (exists(List.of("secret", "inspect", secret.name()))) {
                left.append("secret ").append(secret.name()).append('\n');
            }
        }
        if (exists(List.of("network", "exists", network))) {
            left.append("network ").append(network).append('\n');
        }
        return left.toString();
    }

    /** The rendered file of a play, once played. */
    Path fileOf(String play) {
        return played.get(play);
    }

    private List<String> pods() {
        return rendering.plays().stream().flatMap(p -> p.pods().stream()).toList();
    }

    private void play(KubePlayRendering.Play play, Duration deadline) throws IOException, InterruptedException {
        List<String> command = playCommand(play, write(play));
        CommandRun.Result result;
        try {
            result = run(command, deadline);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n" + logs(), e);
        }
        if (result.exitCode() != 0) {
            throw new AssertionError(result + "\n" + logs());
        }
    }

    /** Writes a play's file, numbered in the order of the plays. */
    private Path write(KubePlayRendering.Play play) throws IOException {
        Path file = files.resolve(String.format("%02d-%s.yaml", played.size(), play.name()));
        Files.writeString(file, play.yaml());
        played.put(play.name(), file);
        return file;
    }

    /** {@code kube play --network NET[:alias=A,alias=B] FILE}: the network, with the names of the Services. */
    private List<String> playCommand(KubePlayRendering.Play play, Path file) {
        StringBuilder networkOption = new StringBuilder(network);
        for (int i = 0; i < play.aliases().size(); i++) {
            networkOption
                    .append(i == 0 ? ':' : ',')
                    .append("alias=")
                    .append(play.aliases().get(i));
        }
        return List.of("kube", "play", "--network", networkOption.toString(), file.toString());
    }

    /** The engine's command with these arguments as one shell line, each word quoted. */
    private String shellLine(List<String> arguments) {
        StringBuilder line = new StringBuilder(engine.name());
        for (String argument : arguments) {
            line.append(" '").append(argument.replace("'", "'\\''")).append('\'');
        }
        return line.toString();
    }

    /** podman secret create from a file only this user reads, removed once the secret exists. */
    private void createSecret(KubePlayRendering.PodmanSecret secret) throws IOException, InterruptedException {
        Path file = Files.createTempFile(
                files,
                "secret-",
                ".json",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(file, secret.json());
            succeed(List.of("secret", "create", secret.name(), file.toString()), COMMAND_DEADLINE);
        } finally {
            Files.delete(file);
        }
    }

    private boolean exists(List<String> command) throws IOException, InterruptedException {
        return run(command, COMMAND_DEADLINE).exitCode() == 0;
    }

    private void succeed(List<String> command, Duration deadline) throws IOException, InterruptedException {
        CommandRun.Result result = run(command, deadline);
        if (result.exitCode() != 0) {
            throw new AssertionError(result.toString());
        }
    }

    private CommandRun.Result run(List<String> command, Duration deadline) throws IOException, InterruptedException {
        return engine.engine(command).run(deadline);
    }

    private static void note(StringBuilder failed, CommandRun.Result result) {
        if (result.exitCode() != 0) {
            failed.append(result).append('\n');
        }
    }
}
