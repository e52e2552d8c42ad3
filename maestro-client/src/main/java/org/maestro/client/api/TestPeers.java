package org.maestro.client.api;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.PingSample;
import org.maestro.common.client.Refusal;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;

/**
 * The peers of one test as the runner talks to them: discover, reset, set, start by role, statistics, drain, stop and
 * collect. {@link ControlTestPeers} reaches them through the control broker; a test passes a fake that answers at
 * once. Each request returns the replies as they came, with whether as many came as were expected; what to make of
 * them is the caller's. Implementations must be thread-safe.
 *
 * <pre>{@code
 * TestPeers peers = new ControlTestPeers(client);
 * Replies started =
 *         peers.start(Command.START_RECEIVER, Role.RECEIVER, Payload.Empty.INSTANCE, receiverIds, timeout).get();
 * }</pre>
 */
interface TestPeers {

    /** Where the peers are reached, for messages (the control broker's URL). */
    String endpoint();

    /** True while the control broker can be reached. */
    boolean isConnected();

    /** The peers that answer within {@code wait}, of every role. */
    List<PeerStatus> discover(Duration wait) throws Exception;

    /**
     * Times one PING exchange with each of the peers {@code peerIds}, on its own topic and the client's clock; completes
     * with the exchanges that came back within {@code timeout}.
     */
    CompletableFuture<List<PingSample>> pingEach(Set<String> peerIds, Duration timeout);

    /** Calls {@code listener} with every notification a peer sends (outcomes, last wills), until closed. */
    Listening onNotification(Consumer<Note> listener);

    /** Calls {@code listener} with every note refused from a peer (broken rule, unasked reply, flood), until closed. */
    default Listening onRefusal(Consumer<Refusal> listener) {
        return () -> {};
    }

    /** A listener's registration; closing it stops the calls. */
    interface Listening extends AutoCloseable {
        @Override
        void close();
    }

    /** Drops every option the peers {@code peerIds} hold, back to the defaults (RESET); no other peer gets it. */
    CompletableFuture<Replies> reset(Set<String> peerIds, Duration timeout);

    /** Sets one option (SET) on the peers {@code peerIds}. */
    CompletableFuture<Replies> set(OptionCode option, String value, Set<String> peerIds, Duration timeout);

    /**
     * Sends a start command (START_RECEIVER, START_SENDER, AGENT_SOURCE …) to the peers of a role; only the replies of
     * the peers {@code peerIds} count.
     */
    CompletableFuture<Replies> start(
            Command command, Role role, Payload payload, Set<String> peerIds, Duration timeout);

    /**
     * Sends a start command to one peer on its own topic, so that no other peer of its role gets it (e.g. the
     * systems one inspector peer inspects). By default through {@link #start}, for peers reached otherwise.
     */
    default CompletableFuture<Replies> startOne(
            Command command, Role role, Payload payload, String peerId, Duration timeout) {
        return start(command, role, payload, Set.of(peerId), timeout);
    }

    /** Asks the peers {@code peerIds} of a role ({@code null}: any role) for their statistics (STATS). */
    CompletableFuture<Replies> stats(Role role, Set<String> peerIds, Duration timeout);

    /** Asks one peer how it is (GET): its reply says whether it is still busy. */
    CompletableFuture<Replies> status(String peerId, Duration timeout);

    /**
     * Asks the receivers {@code peerIds} to consume what is in flight (DRAIN with {@link DrainMode#HOLD}: until a
     * second DRAIN with {@link DrainMode#END}), or ends their drain ({@link DrainMode#END}).
     */
    CompletableFuture<Replies> drain(Set<String> peerIds, DrainMode mode, Duration timeout);

    /** Stops the peers {@code peerIds} of a role, with {@link #stopCommand(Role)}. */
    CompletableFuture<Replies> stop(Role role, Set<String> peerIds, Duration timeout);

    /** The command that stops the peers of a role: STOP_SENDER, STOP_RECEIVER, STOP_INSPECTOR or STOP_AGENT. */
    static Command stopCommand(Role role) {
        return switch (role) {
            case SENDER -> Command.STOP_SENDER;
            case RECEIVER -> Command.STOP_RECEIVER;
            case INSPECTOR -> Command.STOP_INSPECTOR;
            default -> Command.STOP_AGENT;
        };
    }

    /** Runs an agent action (USER_COMMAND_1) on the agents {@code peerIds}, and on no other agent. */
    CompletableFuture<Replies> agentAction(String command, Set<String> peerIds, Duration timeout);

    /** Asks one peer for its files (LOG); {@code onReply} sees each reply (file chunk) as it arrives. */
    CompletableFuture<Replies> collect(String peerId, Duration timeout, Consumer<Note> onReply);
}
