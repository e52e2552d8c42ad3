package org.maestro.client.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.maestro.common.client.Replies;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What went wrong with a request to the peers of a test, in words, and a wait for replies that never throws. */
final class Problems {
    private static final Logger LOG = LoggerFactory.getLogger(Problems.class);

    private Problems() {}

    /** The errors among the replies and the peers that did not answer, e.g. for "START_SENDER failed: …". */
    static String describe(Replies replies, List<PeerInfo> peers) {
        List<String> text = new ArrayList<>();
        if (!replies.errors().isEmpty()) {
            text.add(replies.describeErrors());
        }
        if (!replies.complete()) {
            Set<String> answered =
                    replies.notes().stream().map(n -> n.sender().id()).collect(Collectors.toSet());
            text.add("no reply from "
                    + peers.stream()
                            .filter(p -> !answered.contains(p.id()))
                            .filter(p -> replies.request().command() == Command.SET
                                    || replies.request().command() == Command.RESET
                                    || p.plays(roleOf(replies)))
                            .map(PeerInfo::qualifiedName)
                            .collect(Collectors.joining(", "))
                    + " within the deadline");
        }
        return String.join("; ", text);
    }

    /**
     * Why peers refused a start, each peer named before its own words, e.g. {@code receiver-1@host cannot connect to
     * amqp://host:1/q: connection refused}; peers that did not answer are named after those that refused.
     */
    static String refusal(Replies replies, List<PeerInfo> peers) {
        List<String> text = new ArrayList<>();
        for (Note error : replies.errors()) {
            String message = error.payload() instanceof Payload.Error e ? e.message() : String.valueOf(error.payload());
            String peer = error.sender().qualifiedName();
            text.add(message.startsWith("cannot ") ? peer + " " + message : peer + ": " + message);
        }
        if (!replies.complete()) {
            Set<String> answered =
                    replies.notes().stream().map(n -> n.sender().id()).collect(Collectors.toSet());
            text.add(replies.request().command() + ": no reply from "
                    + peers.stream()
                            .filter(p -> !answered.contains(p.id()))
                            .filter(p -> p.plays(roleOf(replies)))
                            .map(PeerInfo::qualifiedName)
                            .collect(Collectors.joining(", "))
                    + " within the deadline");
        }
        return String.join("; ", text);
    }

    /** True when a peer refused because the system under test or its management could not be reached or refused it. */
    static boolean sutUnavailable(Replies replies) {
        return replies.errors().stream()
                .anyMatch(n -> n.payload() instanceof Payload.Error e && e.code() == ErrorCodes.SUT_UNAVAILABLE);
    }

    /** True when a peer refused because an option of the test is wrong (a user error, not a failure of the test). */
    static boolean invalidOption(Replies replies) {
        return replies.errors().stream()
                .anyMatch(n -> n.payload() instanceof Payload.Error e && e.code() == ErrorCodes.INVALID_OPTION);
    }

    private static Role roleOf(Replies replies) {
        return switch (replies.request().command()) {
            case START_RECEIVER, STOP_RECEIVER, DRAIN -> Role.RECEIVER;
            case START_SENDER, STOP_SENDER -> Role.SENDER;
            case START_INSPECTOR, STOP_INSPECTOR -> Role.INSPECTOR;
            default -> Role.AGENT;
        };
    }

    /** Waits for replies (at most 90 s, beyond any request's own timeout); null when none came. */
    static Replies awaitQuietly(CompletableFuture<Replies> future) {
        try {
            return future.get(90, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("no reply: {}", e.toString());
            return null;
        }
    }
}
