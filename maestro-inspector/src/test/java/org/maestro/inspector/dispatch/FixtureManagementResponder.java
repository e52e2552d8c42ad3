package org.maestro.inspector.dispatch;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.ApplicationProperties;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.transport.SenderSettleMode;
import org.apache.qpid.proton.engine.BaseHandler;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Link;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.message.Message;
import org.apache.qpid.proton.reactor.Acceptor;
import org.apache.qpid.proton.reactor.Reactor;
import org.maestro.common.embedded.FreePorts;

/**
 * A real AMQP 1.0 endpoint on a free loopback port that answers AMQP management QUERY requests sent to
 * {@code $management} exactly as the recorded Qpid Dispatch router 1.19.0 did: same status, same body, pre-settled,
 * to the request's reply-to on a dynamic link it assigned, with the request's correlation id. It stands in for a
 * router where no {@code qdrouterd} is installed; it checks each request against the recorded one and answers a
 * differing request with status 400.
 */
final class FixtureManagementResponder implements AutoCloseable {
    private final DispatchFixture fixture;
    private final int port;
    private final Reactor reactor;
    private final Acceptor acceptor;
    private final Thread thread;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger connections = new AtomicInteger();
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    private final List<String> mismatches = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Sender> replyLinks = new HashMap<>();
    private final Map<Sender, Queue<Message>> pending = new HashMap<>();
    private volatile boolean stopping;
    private volatile long replyDelayMillis;

    private FixtureManagementResponder(DispatchFixture fixture, int port) throws IOException {
        this.fixture = fixture;
        this.port = port;
        this.reactor = Proton.reactor();
        this.reactor.setTimeout(50);
        this.acceptor = reactor.acceptor("127.0.0.1", port, new ConnectionHandler());
        this.thread = new Thread(this::run, "fixture-management-responder");
        this.thread.setDaemon(true);
    }

    static FixtureManagementResponder start() throws IOException {
        return start(FreePorts.next());
    }

    /** Starts on the given loopback port (to stand in for a router restarted on its port). */
    static FixtureManagementResponder start(int port) throws IOException {
        FixtureManagementResponder responder = new FixtureManagementResponder(DispatchFixture.load(), port);
        responder.thread.start();
        return responder;
    }

    private void run() {
        try {
            reactor.start();
            while (!stopping && reactor.process()) {
                // handlers do the work
            }
            acceptor.close();
            for (Object child : reactor.children().toArray()) {
                if (child instanceof Connection connection) {
                    connection.close();
                }
            }
            reactor.process();
        } finally {
            stopped.countDown();
        }
    }

    String url() {
        return "amqp://127.0.0.1:" + port;
    }

    int port() {
        return port;
    }

    /** The entity types queried so far, in order. */
    List<String> requests() {
        synchronized (requests) {
            return new ArrayList<>(requests);
        }
    }

    /** How requests differed from the recorded ones; empty when all were the same. */
    List<String> mismatches() {
        synchronized (mismatches) {
            return new ArrayList<>(mismatches);
        }
    }

    int connections() {
        return connections.get();
    }

    /** Holds every reply back this long (a slow router); 0 answers at once. */
    void delayReplies(long millis) {
        this.replyDelayMillis = millis;
    }

    @Override
    public void close() throws InterruptedException {
        stopping = true;
        reactor.wakeup();
        stopped.await(5, TimeUnit.SECONDS);
    }

    private Message answer(Message request) {
        Map<?, ?> properties = request.getApplicationProperties() == null ? Map.of()
                : request.getApplicationProperties().getValue();
        String entityType = String.valueOf(properties.get("entityType"));
        requests.add(entityType);
        Message reply = Message.Factory.create();
        reply.setAddress(request.getReplyTo());
        reply.setCorrelationId(request.getCorrelationId() != null ? request.getCorrelationId()
                : request.getMessageId());
        if (!fixture.has(entityType)) {
            reply.setApplicationProperties(new ApplicationProperties(Map.of("statusCode", 400,
                    "statusDescription", "No such entity type '" + entityType + "'")));
            reply.setBody(new AmqpValue(new LinkedHashMap<>()));
            return reply;
        }
        String difference = difference(entityType, properties, request);
        if (difference != null) {
            mismatches.add(difference);
            reply.setApplicationProperties(new ApplicationProperties(Map.of("statusCode", 400,
                    "statusDescription", difference)));
            reply.setBody(new AmqpValue(new LinkedHashMap<>()));
            return reply;
        }
        Map<String, Object> status = new LinkedHashMap<>();
        fixture.responseProperties(entityType).forEach((key, value) -> status.put(key,
                value instanceof Long number ? Integer.valueOf(number.intValue()) : value));
        reply.setApplicationProperties(new ApplicationProperties(status));
        reply.setBody(new AmqpValue(fixture.responseBody(entityType)));
        return reply;
    }

    private String difference(String entityType, Map<?, ?> properties, Message request) {
        Map<String, Object> expected = fixture.requestProperties(entityType);
        if (!expected.equals(new LinkedHashMap<>(properties))) {
            return "application properties " + properties + " differ from the recorded " + expected;
        }
        Object body = request.getBody() instanceof AmqpValue value ? value.getValue() : request.getBody();
        Map<String, Object> expectedBody = fixture.requestBody(entityType);
        if (!expectedBody.equals(body)) {
            return "body " + body + " differs from the recorded " + expectedBody;
        }
        if (request.getReplyTo() == null || !replyLinks.containsKey(request.getReplyTo())) {
            return "reply-to " + request.getReplyTo() + " is not the address of a reply link";
        }
        return null;
    }

    private void send(Sender sender, Message reply) {
        Queue<Message> queue = pending.computeIfAbsent(sender, s -> new ArrayDeque<>());
        queue.add(reply);
        drain(sender);
    }

    private void drain(Sender sender) {
        Queue<Message> queue = pending.get(sender);
        while (queue != null && !queue.isEmpty() && sender.getCredit() > 0) {
            Message reply = queue.poll();
            byte[] buffer = new byte[64 * 1024];
            int length = reply.encode(buffer, 0, buffer.length);
            Delivery delivery = sender.delivery(UUID.randomUUID().toString().getBytes());
            sender.send(buffer, 0, length);
            sender.advance();
            delivery.settle(); // the router's replies are pre-settled
        }
    }

    /** The router's side of each connection. */
    private final class ConnectionHandler extends BaseHandler {
        @Override
        public void onConnectionRemoteOpen(Event event) {
            connections.incrementAndGet();
            event.getConnection().setContainer("fixture-router");
            event.getConnection().open();
        }

        @Override
        public void onSessionRemoteOpen(Event event) {
            event.getSession().open();
        }

        @Override
        public void onLinkRemoteOpen(Event event) {
            Link link = event.getLink();
            link.setTarget(link.getRemoteTarget());
            if (link instanceof Receiver receiver) {
                receiver.setSource(receiver.getRemoteSource());
                receiver.open();
                receiver.flow(250);
                return;
            }
            Sender sender = (Sender) link;
            Source remote = (Source) sender.getRemoteSource();
            Source source = new Source();
            if (remote != null && remote.getDynamic()) {
                source.setDynamic(true);
                source.setAddress("temp." + UUID.randomUUID().toString().substring(0, 13));
            } else {
                source.setAddress(remote == null ? null : remote.getAddress());
            }
            sender.setSource(source);
            sender.setSenderSettleMode(SenderSettleMode.SETTLED);
            sender.open();
            if (source.getAddress() != null) {
                replyLinks.put(source.getAddress(), sender);
            }
        }

        @Override
        public void onLinkFlow(Event event) {
            if (event.getLink() instanceof Sender sender) {
                drain(sender);
            }
        }

        @Override
        public void onDelivery(Event event) {
            Delivery delivery = event.getDelivery();
            if (!(delivery.getLink() instanceof Receiver receiver) || !delivery.isReadable() || delivery.isPartial()) {
                return;
            }
            byte[] bytes = new byte[delivery.pending()];
            int read = receiver.recv(bytes, 0, bytes.length);
            receiver.advance();
            delivery.disposition(Accepted.getInstance());
            delivery.settle();
            receiver.flow(1);
            Message request = Message.Factory.create();
            request.decode(bytes, 0, read);
            Message reply = answer(request);
            Sender replyLink = replyLinks.get(request.getReplyTo());
            if (replyLink == null) {
                return;
            }
            long delay = replyDelayMillis;
            if (delay > 0) {
                event.getReactor().schedule((int) delay, new BaseHandler() {
                    @Override
                    public void onTimerTask(Event timer) {
                        send(replyLink, reply);
                    }
                });
            } else {
                send(replyLink, reply);
            }
        }

        @Override
        public void onLinkRemoteClose(Event event) {
            replyLinks.values().remove(event.getLink());
            event.getLink().close();
        }

        @Override
        public void onConnectionRemoteClose(Event event) {
            event.getConnection().close();
        }
    }
}
