package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;
import org.maestro.reporter.read.PeerEnd;
import org.maestro.reporter.read.Roster;

/**
 * The message counts of one test iteration: {@link MessageAccounting} over the results of its senders and receivers,
 * with the peers whose results are missing (no peer-result.json, or no files at all: the runner's roster names them)
 * named in the counts and the warnings.
 */
public final class IterationMessages {

    private IterationMessages() {}

    /**
     * Accounts the messages of the iteration's senders and receivers; warns (in {@code files}) about each of them
     * whose messages are missing from the counts, about what could not be accounted for, and about each peer that
     * refused its start.
     */
    public static MessageAccounting.Result account(IterationFiles files) {
        List<MessageAccounting.Peer> senders = new ArrayList<>();
        List<MessageAccounting.Peer> receivers = new ArrayList<>();
        List<MessageAccounting.Missing> missing = new ArrayList<>();
        for (PeerDirectory peer : files.peers()) {
            if (peer.role() != Role.SENDER && peer.role() != Role.RECEIVER) {
                continue;
            }
            Map<String, String> props = peer.testProperties();
            String url = peer.role() == Role.SENDER
                    ? props.getOrDefault("SEND_URL", props.get("SEND_RECEIVE_URL"))
                    : props.getOrDefault("RECEIVE_URL", props.get("SEND_RECEIVE_URL"));
            String address = url == null
                    ? files.rosterEntry(peer).map(Roster.Entry::address).orElse("")
                    : MessageAccounting.address(url);
            if (peer.result().isEmpty()) {
                String why = files.rosterEntry(peer)
                        .map(Roster.Entry::describe)
                        .orElse("wrote no " + PeerDirectory.PEER_RESULT + " (did it stop before the end of the test?)");
                files.warn(peer.name() + " has no " + PeerDirectory.PEER_RESULT + " (" + why
                        + "): its messages are missing from the counts");
                missing.add(
                        new MessageAccounting.Missing(peer.name(), peer.role().label(), address, why));
            } else if (peer.role() == Role.SENDER) {
                senders.add(new MessageAccounting.Peer(
                        peer.name(), address, peer.result().get()));
            } else {
                receivers.add(new MessageAccounting.Peer(
                        peer.name(), address, peer.result().get()));
            }
        }
        for (Roster.Entry entry : files.absentPeers()) {
            if (entry.loadsTheSystem()) {
                files.warn(entry.name() + " (" + entry.role() + ") has no files here (" + entry.describe()
                        + "): its messages are missing from the counts");
                missing.add(new MessageAccounting.Missing(
                        entry.name(), entry.role(), entry.address() == null ? "" : entry.address(), entry.describe()));
            }
        }
        MessageAccounting.Result result = MessageAccounting.account(senders, receivers, missing);
        files.warnAll(result.problems());
        files.warnAll(refusedStarts(files));
        return result;
    }

    /** A warning for each peer that refused its start; an inspector's means the test has no data of the SUT. */
    private static List<String> refusedStarts(IterationFiles files) {
        return files.rosterPeers().stream()
                .filter(entry -> entry.ended() == PeerEnd.NOT_STARTED)
                .map(entry -> entry.name() + " (" + entry.role() + ") " + entry.describe()
                        + (Role.INSPECTOR.is(entry.role()) ? ": this test has no data of the system under test" : ""))
                .toList();
    }

    /** The counts with the rate-file errors of the senders and receivers that wrote no peer-result.json. */
    public static MessageCounts withRateErrors(MessageCounts counts, IterationFiles files) {
        long extra = 0;
        for (Map.Entry<PeerDirectory, List<RateLog.Row>> entry : files.rates().entrySet()) {
            PeerDirectory peer = entry.getKey();
            if (peer.result().isEmpty() && (peer.role() == Role.SENDER || peer.role() == Role.RECEIVER)) {
                extra +=
                        entry.getValue().stream().mapToLong(RateLog.Row::errors).sum();
            }
        }
        return extra == 0 ? counts : counts.withMoreErrors(extra);
    }
}
