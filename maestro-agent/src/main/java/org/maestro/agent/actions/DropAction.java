package org.maestro.agent.actions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.maestro.agent.handler.Action;
import org.maestro.agent.handler.ActionContext;
import org.maestro.agent.handler.ActionFailedException;
import org.maestro.agent.handler.ExecResult;
import org.maestro.common.peer.RoleException;

/**
 * The ready action {@code drop}: cuts traffic for a time with iptables DROP rules in the INPUT chain, then removes
 * them. {@code drop 30s --port 5672} drops TCP packets to and from port 5672 arriving at this host (both directions
 * of every connection on that port go dead); {@code --dev} limits it to (or, alone, cuts all of) a device. IPv4 only.
 * Each rule carries the comment {@code maestro-agent-action-<id>-pid<pid>} (the process of the agent). Immutable.
 */
public final class DropAction implements ReadyAction {
    private static final String USAGE = "drop <duration> [--port <port>] [--protocol tcp|udp] [--dev <device>]"
            + " [--netns <namespace>] (at least one of --port and --dev)";

    private final NetworkFaults faults;

    DropAction(NetworkFaults faults) {
        this.faults = faults;
    }

    @Override
    public String name() {
        return "drop";
    }

    @Override
    public String usage() {
        return USAGE;
    }

    @Override
    public Action prepare(List<String> words) throws RoleException {
        ReadyArgs args = faults.parse(USAGE, words, Set.of("dev", "port", "protocol", "netns"));
        if (args.positional().size() != 1) {
            throw args.wrong("give the duration, and nothing else without --");
        }
        Duration duration = args.duration(args.positional().get(0), "the duration");
        Integer port = args.portOption();
        String protocol = args.option("protocol").orElse("tcp");
        if (!protocol.equals("tcp") && !protocol.equals("udp")) {
            throw args.wrong("the protocol '" + protocol + "' is neither tcp nor udp");
        }
        if (port == null && args.option("dev").isEmpty()) {
            throw args.wrong("say what to cut with --port, --dev or both");
        }
        NetworkScope scope = faults.scope("drop", "iptables", "iptables", args, false);
        List<List<String>> matches = new ArrayList<>();
        List<String> device = scope.device() == null ? List.of() : List.of("-i", scope.device());
        if (port == null) {
            matches.add(device);
        } else {
            for (String direction : List.of("--dport", "--sport")) {
                List<String> match = new ArrayList<>(device);
                match.addAll(List.of("-p", protocol, direction, Integer.toString(port)));
                matches.add(match);
            }
        }
        String what =
                "dropping " + (port == null ? "all" : protocol + " port " + port) + " packets on " + scope.where();
        return context -> run(context, scope, matches, what, duration);
    }

    private static Object run(
            ActionContext context, NetworkScope scope, List<List<String>> matches, String what, Duration duration) {
        for (List<String> match : matches) {
            List<String> rule = new ArrayList<>(match);
            rule.addAll(List.of("-m", "comment", "--comment", LeftoverRules.tag(context.actionId()), "-j", "DROP"));
            iptables(context, scope, "-I", rule);
            context.onUndo("remove DROP rule " + String.join(" ", match), () -> iptables(context, scope, "-D", rule));
        }
        return NetworkFaults.hold(context, what, duration);
    }

    private static void iptables(ActionContext context, NetworkScope scope, String operation, List<String> rule) {
        List<String> arguments = new ArrayList<>(List.of("-w", "5", operation, "INPUT"));
        arguments.addAll(rule);
        ExecResult result = context.exec(scope.command(arguments), Duration.ofSeconds(30));
        if (!result.ok()) {
            throw new ActionFailedException(result.describe());
        }
    }
}
