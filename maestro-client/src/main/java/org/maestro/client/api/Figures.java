package org.maestro.client.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Reads the headline figures of a test iteration from the peers' {@code peer-result.json} files. */
final class Figures {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Figures() {
    }

    static Map<String, Number> fromPeerResults(Path iterationDirectory) {
        Map<String, Number> figures = new HashMap<>();
        long sent = 0;
        long received = 0;
        long errors = 0;
        if (!Files.isDirectory(iterationDirectory)) {
            return figures;
        }
        try (Stream<Path> peers = Files.list(iterationDirectory)) {
            for (Path peer : peers.toList()) {
                Path file = peer.resolve("peer-result.json");
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                JsonNode result = JSON.readTree(file.toFile());
                String role = result.path("role").asText();
                errors += result.path("errors").asLong();
                if (role.equals("sender")) {
                    sent += result.path("count").asLong();
                } else if (role.equals("receiver")) {
                    received += result.path("count").asLong();
                }
            }
        } catch (IOException e) {
            throw MaestroException.infrastructure("cannot read the results in " + iterationDirectory + ": " + e);
        }
        figures.put("sent", sent);
        figures.put("received", received);
        figures.put("errors", errors);
        return figures;
    }
}
