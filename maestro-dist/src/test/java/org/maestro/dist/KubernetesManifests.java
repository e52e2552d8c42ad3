package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The manifests of a kustomization folder (docker/kubernetes/) as {@code kubectl apply -k} reads them: the
 * kustomization.yaml, and the objects of its {@code resources} in their order.
 */
final class KubernetesManifests {
    private final Path directory;
    private final JsonNode kustomization;
    private final List<JsonNode> objects;

    private KubernetesManifests(Path directory, JsonNode kustomization, List<JsonNode> objects) {
        this.directory = directory;
        this.kustomization = kustomization;
        this.objects = List.copyOf(objects);
    }

    /** Reads the kustomization.yaml of a folder and every object of the files it lists. */
    static KubernetesManifests load(Path directory) throws IOException {
        JsonNode kustomization = YamlFiles.read(directory.resolve("kustomization.yaml"));
        List<JsonNode> objects = new ArrayList<>();
        for (String resource : YamlFiles.texts(kustomization.get("resources"))) {
            objects.addAll(YamlFiles.readAll(directory.resolve(resource)));
        }
        return new KubernetesManifests(directory, kustomization, objects);
    }

    /** The folder the manifests were read from. */
    Path directory() {
        return directory;
    }

    /** The kustomization.yaml. */
    JsonNode kustomization() {
        return kustomization;
    }

    /** Every object, in the order of the kustomization's resources and of the documents in each file. */
    List<JsonNode> objects() {
        return objects;
    }

    /** The objects of one kind, in order. */
    List<JsonNode> ofKind(String kind) {
        return objects.stream().filter(o -> kindOf(o).equals(kind)).toList();
    }

    /** The object of a kind and name; fails naming what is missing. */
    JsonNode named(String kind, String name) {
        return ofKind(kind).stream()
                .filter(o -> nameOf(o).equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " in " + directory));
    }

    /** An object's kind. */
    static String kindOf(JsonNode object) {
        return object.path("kind").asText();
    }

    /** An object's metadata.name. */
    static String nameOf(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    /** True when every label of a (non-empty) selector has the same value among the labels. */
    static boolean selects(JsonNode selector, JsonNode labels) {
        if (selector == null || selector.isMissingNode() || selector.isEmpty()) {
            return false;
        }
        for (Map.Entry<String, JsonNode> entry : YamlFiles.fields(selector)) {
            if (!entry.getValue().asText().equals(labels.path(entry.getKey()).asText(null))) {
                return false;
            }
        }
        return true;
    }

    /** The init containers, then the containers, of a pod template (or pod) spec's owner. */
    static List<JsonNode> containers(JsonNode template) {
        List<JsonNode> containers = new ArrayList<>();
        template.path("spec").path("initContainers").forEach(containers::add);
        template.path("spec").path("containers").forEach(containers::add);
        return containers;
    }
}
