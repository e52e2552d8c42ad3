package org.maestro.worker.bench;

import io.nats.client.Connection;
import io.nats.client.Dispatcher;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.Nats;
import io.nats.client.PushSubscribeOptions;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A bare jnats loop on a subject of its own at 127.0.0.1:4222: core NATS publishes and dispatcher subscriptions, or
 * asynchronous JetStream publishes (a window of {@link SendWindow#SIZE} unacknowledged per connection) to a stream in
 * memory and push consumers acknowledging each message.
 */
final class NatsLoop implements ClientLoop {
    private static final String SERVER = "nats://127.0.0.1:4222";
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final String subject;
    private final String stream;
    private final boolean jetStream;
    private final List<Connection> connections = new ArrayList<>();
    private final List<Connection> senders = new ArrayList<>();
    private final List<JetStream> streams = new ArrayList<>();
    private final List<SendWindow> windows = new ArrayList<>();

    NatsLoop(String name, boolean jetStream) {
        this.subject = "maestro-bench." + name;
        this.stream = name.toUpperCase().replace('-', '_');
        this.jetStream = jetStream;
    }

    @Override
    public String maestroUrl() {
        return "nats://127.0.0.1:4222/" + subject
                + (jetStream ? "?jetstream=true&stream=" + stream + "&create=true&storage=memory" : "");
    }

    @Override
    public void openReceivers(int count, Consumer<byte[]> onMessage) throws Exception {
        for (int i = 0; i < count; i++) {
            Connection connection = open();
            Dispatcher dispatcher = connection.createDispatcher();
            if (jetStream) {
                if (i == 0) {
                    createStream(connection);
                }
                connection
                        .jetStream()
                        .subscribe(
                                subject,
                                dispatcher,
                                message -> {
                                    onMessage.accept(message.getData());
                                    message.ack();
                                },
                                false,
                                PushSubscribeOptions.builder().stream(stream).build());
            } else {
                dispatcher.subscribe(subject, message -> onMessage.accept(message.getData()));
                connection.flush(WAIT);
            }
        }
    }

    private void createStream(Connection connection) throws Exception {
        try {
            connection
                    .jetStreamManagement()
                    .addStream(StreamConfiguration.builder()
                            .name(stream)
                            .subjects(subject)
                            .storageType(StorageType.Memory)
                            .build());
        } catch (JetStreamApiException e) {
            throw new IllegalStateException(
                    "cannot create the JetStream stream " + stream + ": " + e.getMessage()
                            + ": is JetStream enabled on the server (nats-server -js)?",
                    e);
        }
    }

    @Override
    public void openSenders(int count) throws Exception {
        for (int i = 0; i < count; i++) {
            Connection connection = open();
            senders.add(connection);
            streams.add(jetStream ? connection.jetStream() : null);
            windows.add(new SendWindow());
        }
    }

    private Connection open() throws Exception {
        Connection connection = Nats.connect(SERVER);
        connections.add(connection);
        return connection;
    }

    @Override
    public void send(int connection, byte[] body) throws Exception {
        if (!jetStream) {
            senders.get(connection).publish(subject, body);
            return;
        }
        SendWindow window = windows.get(connection);
        window.take();
        streams.get(connection).publishAsync(subject, body).whenComplete((ack, error) -> window.release(1));
    }

    @Override
    public void close() {
        for (Connection connection : connections) {
            try {
                connection.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void removeDestination() {
        if (!jetStream) {
            return;
        }
        try (Connection connection = Nats.connect(SERVER)) {
            connection.jetStreamManagement().deleteStream(stream);
        } catch (JetStreamApiException e) {
            if (e.getApiErrorCode() != 10059) { // stream not found: nothing to remove
                System.err.println("could not delete the stream " + stream + ": " + e.getMessage());
            }
        } catch (Exception e) {
            System.err.println("could not delete the stream " + stream + ": " + e.getMessage()
                    + "; delete it with: nats stream rm " + stream);
        }
    }
}
