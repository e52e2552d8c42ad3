package org.maestro.agent.actions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.maestro.agent.handler.Action;
import org.maestro.agent.handler.ActionContext;
import org.maestro.agent.handler.ActionFailedException;
import org.maestro.agent.handler.ExecResult;
import org.maestro.common.options.Durations;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * The ready action {@code netem}: delays or loses packets on a device for a time with {@code tc qdisc … netem}, then
 * removes the rule. {@code netem delay 200ms [20ms] 30s} adds 200 ms (± 20 ms) to every packet sent on the device
 * for 30 s; {@code netem loss 5% 30s} loses 5% of them. With {@code --port} only TCP/UDP packets to or from that
 * port are affected (a {@code prio} qdisc with u32 filters). Thread-safe: one fault per device at a time.
 */
public final class NetemAction implements ReadyAction {
    private static final String USAGE = "netem delay <time> [<jitter>] <duration> | netem loss <percent> <duration>"
            + " [--dev <device>] [--port <port>] [--netns <namespace>]";

    private final NetworkFaults faults;
    private final Set<String> busyDevices = ConcurrentHashMap.newKeySet();

    NetemAction(NetworkFaults faults) {
        this.faults = faults;
    }

    @Override
    public String name() {
        return "netem";
    }

    @Override
    public String usage() {
        return USAGE;
    }

    @Override
    public Action prepare(List<String> words) throws RoleException {
        ReadyArgs args = faults.parse(USAGE, words, Set.of("dev", "port", "netns"));
        List<String> positional = args.positional();
        if (positional.isEmpty()) {
            throw args.wrong("say what to do: delay or loss");
        }
        List<String> netem = new ArrayList<>();
        String kind = positional.get(0);
        if (kind.equals("delay") && (positional.size() == 3 || positional.size() == 4)) {
            netem.addAll(List.of("delay", tcTime(args, positional.get(1), "delay")));
            if (positional.size() == 4) {
                netem.add(tcTime(args, positional.get(2), "jitter"));
            }
        } else if (kind.equals("loss") && positional.size() == 3) {
            netem.addAll(List.of("loss", percent(args, positional.get(1))));
        } else if (kind.equals("delay") || kind.equals("loss")) {
            throw args.wrong("wrong number of arguments for netem " + kind);
        } else {
            throw args.wrong("'" + kind + "' is not a netem fault: give delay or loss");
        }
        Duration duration = args.duration(positional.get(positional.size() - 1), "the duration");
        Integer port = args.portOption();
        NetworkScope scope = faults.scope("netem", "tc", "iproute2", args, true);
        if (busyDevices.contains(scope.deviceKey())) {
            throw new RoleException(
                    ErrorCodes.BUSY, "netem already acts on " + scope.where() + "; wait for that action to end");
        }
        return context -> run(context, scope, netem, port, duration);
    }

    private Object run(ActionContext context, NetworkScope scope, List<String> netem, Integer port, Duration duration) {
        String key = scope.deviceKey();
        if (!busyDevices.add(key)) {
            throw new ActionFailedException("netem already acts on " + scope.where());
        }
        context.onUndo("release " + scope.where(), () -> busyDevices.remove(key));
        String device = scope.device();
        List<String> delete = List.of("qdisc", "del", "dev", device, "root");
        if (port == null) {
            List<String> add = new ArrayList<>(List.of("qdisc", "add", "dev", device, "root", "netem"));
            add.addAll(netem);
            tc(context, scope, add);
            context.onUndo("remove netem from " + scope.where(), () -> tc(context, scope, delete));
        } else {
            tc(context, scope, List.of("qdisc", "add", "dev", device, "root", "handle", "1:", "prio"));
            context.onUndo("remove netem from " + scope.where(), () -> tc(context, scope, delete));
            List<String> child =
                    new ArrayList<>(List.of("qdisc", "add", "dev", device, "parent", "1:3", "handle", "30:", "netem"));
            child.addAll(netem);
            tc(context, scope, child);
            for (String direction : List.of("dport", "sport")) {
                tc(
                        context,
                        scope,
                        List.of(
                                "filter",
                                "add",
                                "dev",
                                device,
                                "protocol",
                                "ip",
                                "parent",
                                "1:0",
                                "prio",
                                "3",
                                "u32",
                                "match",
                                "ip",
                                direction,
                                Integer.toString(port),
                                "0xffff",
                                "flowid",
                                "1:3"));
            }
        }
        String what = String.join(" ", netem) + " on " + scope.where() + (port == null ? "" : " port " + port);
        return NetworkFaults.hold(context, what, duration);
    }

    private static void tc(ActionContext context, NetworkScope scope, List<String> arguments) {
        ExecResult result = context.exec(scope.command(arguments), Duration.ofSeconds(30));
        if (!result.ok()) {
            String hint = "";
            if (result.output().contains("Specified qdisc kind is unknown")) {
                hint = "; this kernel lacks the queueing discipline (load the sch_netem / sch_prio module)";
            } else if (result.output().contains("Exclusivity flag on")
                    || result.output().contains("File exists")) {
                hint = "; " + scope.where() + " already has a root queueing discipline: remove it first with '"
                        + String.join(" ", scope.command(List.of("qdisc", "del", "dev", scope.device(), "root")))
                        + "'";
            }
            throw new ActionFailedException(result.describe() + hint);
        }
    }

    private static String tcTime(ReadyArgs args, String text, String what) throws RoleException {
        if (!Durations.isDuration(text)) {
            throw args.wrong("the " + what + " '" + text + "' is not " + Durations.FORMS);
        }
        return Durations.parse(text).toMillis() + "ms";
    }

    private static String percent(ReadyArgs args, String text) throws RoleException {
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1) : text;
        try {
            double value = Double.parseDouble(number);
            if (value >= 0 && value <= 100) {
                return number + "%";
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw args.wrong("the loss '" + text + "' is not a percentage from 0 to 100, e.g. 5%");
    }
}
