package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.maestro.common.client.Replies;
import org.maestro.common.inspection.SystemList;
import org.maestro.common.inspection.SystemToInspect;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;

/**
 * Starts the inspection of the systems a test names ({@link InspectionPlan}): each inspector peer gets its own list
 * in START_INSPECTOR, on its own topic. A system that cannot be inspected follows the requireInspector rule, named:
 * by default the test goes on without its data and says so; with requireInspector it fails with the infrastructure
 * exit code. A system refused as wrong input (an unknown kind, a URL its inspector cannot use) is a usage error.
 */
record InspectorStart(TestPeers peers, TestState state, Progress progress, Duration timeout) {

    /**
     * Starts the inspectors; false when the test cannot go on.
     *
     * @throws MaestroException a usage error when an inspector peer refused a system as wrong input
     */
    boolean start(InspectionPlan plan, boolean required) {
        if (state.aborted()) {
            return false;
        }
        List<PeerInfo> inspectors = state.peers().stream()
                .filter(p -> state.liveIds(Role.INSPECTOR).contains(p.id()))
                .toList();
        Map<PeerInfo, List<SystemToInspect>> assigned = plan.assign(inspectors);
        Map<PeerInfo, CompletableFuture<Replies>> asked = new LinkedHashMap<>();
        assigned.forEach((peer, systems) -> asked.put(
                peer,
                peers.startOne(
                        Command.START_INSPECTOR,
                        Role.INSPECTOR,
                        new Payload.Text(SystemList.encode(systems)),
                        peer.id(),
                        timeout)));
        List<String> failed = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<PeerInfo, CompletableFuture<Replies>> entry : asked.entrySet()) {
            PeerInfo peer = entry.getKey();
            List<SystemToInspect> systems = assigned.get(peer);
            Replies replies = Problems.awaitQuietly(entry.getValue());
            Note reply = replies == null || replies.notes().isEmpty()
                    ? null
                    : replies.notes().get(0);
            if (reply == null) {
                systems.forEach(s -> failed.add(s.name()));
                problems.add(
                        peer.qualifiedName() + " did not answer START_INSPECTOR within " + timeout.toSeconds() + " s");
                state.refusedStart(peer.id(), "did not answer START_INSPECTOR");
            } else if (reply.payload() instanceof Payload.Error error) {
                if (error.code() == ErrorCodes.INVALID_OPTION) {
                    throw MaestroException.usage(error.message() + " (refused by " + peer.qualifiedName() + ")");
                }
                List<String> named = systems.stream()
                        .map(SystemToInspect::name)
                        .filter(name -> error.message().contains(SystemList.FAILURE_PREFIX + name + "'"))
                        .toList();
                List<String> down = named.isEmpty()
                        ? systems.stream().map(SystemToInspect::name).toList()
                        : named;
                failed.addAll(down);
                problems.add(peer.qualifiedName() + ": " + error.message());
                if (down.size() == systems.size()) {
                    state.refusedStart(peer.id(), error.message());
                } else {
                    state.started(peer.id());
                }
            } else {
                state.started(peer.id());
            }
        }
        if (failed.isEmpty()) {
            return true;
        }
        String what = (failed.size() == 1 ? "the inspected system " : "the inspected systems ")
                + String.join(", ", failed) + " cannot be inspected: " + String.join("; ", problems);
        if (!required) {
            progress.note(what + "; the test goes on without their data (set requireInspector to fail instead)");
            return true;
        }
        state.failOnSut(what);
        return false;
    }
}
