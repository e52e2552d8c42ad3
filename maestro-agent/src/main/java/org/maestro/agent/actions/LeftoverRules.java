package org.maestro.agent.actions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.maestro.agent.handler.ExecResult;
import org.maestro.agent.run.Programs;

/**
 * Removes, when an agent starts, the iptables rules an agent on this host left behind when it was killed in the middle
 * of a {@code drop} action: the rules of the INPUT chain whose comment starts with {@value #TAG_PREFIX}, in the
 * host's network namespace and in every named one ({@code /run/netns}); or only those whose comment names a process
 * that no longer runs, for agents that share the host. Says what it removed, and what it could not look at.
 * Stateless.
 *
 * <pre>{@code
 * LeftoverRules.removeEverywhere(tools).forEach(line -> err.println("agent: " + line));
 * }</pre>
 */
public final class LeftoverRules {
    /** The start of the comment every rule of a {@code drop} action carries (then the action's id). */
    public static final String TAG_PREFIX = "maestro-agent-action-";

    private static final Path NAMESPACES = Path.of("/run/netns");
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private LeftoverRules() {}

    /** The part of a rule's comment that names the process that added it: {@code -pid<pid>} after the action id. */
    private static final Pattern OWNER = Pattern.compile("--comment " + TAG_PREFIX + "\\S*-pid(\\d+)(\\s|$)");

    /**
     * The comment of a rule of the action {@code actionId} of this process: {@code maestro-agent-action-<id>-pid<pid>}.
     */
    public static String tag(String actionId) {
        return TAG_PREFIX + actionId + "-pid" + ProcessHandle.current().pid();
    }

    /**
     * Removes the leftover rules of the host's namespace and of every named one.
     *
     * @return one line per rule removed or namespace that could not be cleaned; empty when there was nothing to do
     *     or iptables is not installed
     */
    public static List<String> removeEverywhere(Tools tools) {
        return removeEverywhere(tools, namespace -> remove(tools, namespace));
    }

    /**
     * Removes, in the host's namespace and in every named one, only the rules whose comment names a process that no
     * longer runs ({@code …-pid<pid>}): those of an agent that was killed, never those of an agent that runs now, nor
     * rules without a process in their comment. For agents that share their host with others (the embedded agent).
     *
     * @return one line per rule removed or namespace that could not be cleaned
     */
    public static List<String> removeOrphanedEverywhere(Tools tools) {
        return removeEverywhere(tools, namespace -> removeOrphaned(tools, namespace));
    }

    /**
     * Removes the rules of one namespace whose comment names a process that no longer runs.
     *
     * @param namespace a named network namespace, or null for the host's
     * @return one line per rule removed, or why the namespace could not be cleaned
     */
    public static List<String> removeOrphaned(Tools tools, String namespace) {
        return remove(tools, namespace, rule -> {
            Matcher owner = OWNER.matcher(rule);
            return owner.find()
                    && ProcessHandle.of(Long.parseLong(owner.group(1))).isEmpty();
        });
    }

    private static List<String> removeEverywhere(Tools tools, Function<String, List<String>> removeIn) {
        List<String> report = new ArrayList<>(removeIn.apply(null));
        if (Files.isDirectory(NAMESPACES)) {
            try (Stream<Path> names = Files.list(NAMESPACES)) {
                for (Path namespace : names.sorted().toList()) {
                    report.addAll(removeIn.apply(namespace.getFileName().toString()));
                }
            } catch (IOException e) {
                report.add("cannot list the network namespaces in " + NAMESPACES + ": " + e.getMessage()
                        + "; leftover rules in them stay");
            }
        }
        return report;
    }

    /**
     * Removes the leftover rules of one namespace.
     *
     * @param namespace a named network namespace, or null for the host's
     * @return one line per rule removed, or why the namespace could not be cleaned
     */
    public static List<String> remove(Tools tools, String namespace) {
        return remove(tools, namespace, rule -> true);
    }

    private static List<String> remove(Tools tools, String namespace, Predicate<String> leftover) {
        Optional<Path> iptables = tools.find("iptables");
        if (iptables.isEmpty()) {
            return List.of();
        }
        String ip = tools.find("ip").map(Path::toString).orElse("ip");
        String where = namespace == null ? "" : " in network namespace " + namespace;
        List<String> report = new ArrayList<>();
        ExecResult listed = run(ip, iptables.get(), namespace, List.of("-w", "5", "-S", "INPUT"));
        if (!listed.ok()) {
            report.add("cannot list the iptables rules" + where + " to remove those an earlier run left ("
                    + listed.describe() + "); check them with: iptables -S INPUT | grep " + TAG_PREFIX);
            return report;
        }
        for (String rule : listed.output().lines().toList()) {
            if (!rule.startsWith("-A INPUT ") || !rule.contains("--comment " + TAG_PREFIX) || !leftover.test(rule)) {
                continue;
            }
            List<String> delete = new ArrayList<>(List.of("-w", "5", "-D"));
            delete.addAll(Arrays.asList(rule.substring(3).trim().split("\\s+")));
            ExecResult removed = run(ip, iptables.get(), namespace, delete);
            report.add(
                    removed.ok()
                            ? "removed the iptables rule '" + rule + "'" + where + ", left by an earlier run of an "
                                    + "agent that did not end its drop action"
                            : "cannot remove the leftover iptables rule '" + rule + "'" + where + ": "
                                    + removed.describe());
        }
        return report;
    }

    private static ExecResult run(String ip, Path iptables, String namespace, List<String> arguments) {
        List<String> command = new ArrayList<>();
        if (namespace != null) {
            command.addAll(List.of(ip, "netns", "exec", namespace));
        }
        command.add(iptables.toString());
        command.addAll(arguments);
        try {
            return Programs.run(command, DEADLINE, line -> {}, process -> {});
        } catch (IOException e) {
            return new ExecResult(command, -1, e.getMessage(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ExecResult(command, -1, "interrupted", false);
        }
    }
}
