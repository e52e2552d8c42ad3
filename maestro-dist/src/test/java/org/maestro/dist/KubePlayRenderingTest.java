package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks what {@link KubePlayRendering} changes in the manifests for podman kube play, and what it refuses. */
class KubePlayRenderingTest {
    private static KubernetesManifests manifests;
    private static KubePlayRendering rendering;

    @TempDir
    Path work;

    @BeforeAll
    static void render() throws IOException {
        manifests = KubernetesManifests.load(RepositoryFiles.path("docker/kubernetes"));
        rendering = KubePlayRendering.of(manifests, Map.of("maestro-test-parameters", Map.of("RATE", "7")));
    }

    private static KubePlayRendering.Play play(String name) {
        return rendering.plays().stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no play " + name));
    }

    private static JsonNode workload(KubePlayRendering.Play play) {
        return play.documents().get(play.documents().size() - 1);
    }

    /** A copy of a workload without its containers' ports: all the rendering may change of it. */
    private static JsonNode withoutPorts(JsonNode workload) {
        ObjectNode copy = workload.deepCopy();
        JsonNode template = copy.path("kind").asText().equals("Pod")
                ? copy
                : copy.path("spec").path("template");
        for (JsonNode container : KubernetesManifests.containers(template)) {
            ((ObjectNode) container).remove("ports");
        }
        return copy;
    }

    @Test
    void playsTheVolumesThenEveryDeploymentThenTheJob() {
        assertEquals(
                List.of("volumes", "mosquitto", "artemis", "maestro-sender", "maestro-receiver", "maestro-client"),
                rendering.plays().stream().map(KubePlayRendering.Play::name).toList());
        assertEquals(
                List.of("maestro-sender-pod-0", "maestro-sender-pod-1"),
                play("maestro-sender").pods());
        assertEquals(List.of("maestro-client"), play("maestro-client").pods());
        assertEquals(List.of("maestro-client-client"), play("maestro-client").awaited());
        assertEquals(List.of(), play("artemis").awaited());
        assertEquals(
                List.of("artemis-pod-0-artemis", "artemis-pod-0-inspector", "artemis-pod-0-agent"),
                play("artemis").running());
        assertEquals(List.of(), play("maestro-client").running());
        assertEquals(Set.of("maestro-results", "mosquitto-config", "maestro-test-script"), rendering.volumes());
    }

    @Test
    void namesThePodsEachServiceSelectsAfterIt() {
        assertEquals(List.of("mosquitto"), play("mosquitto").aliases());
        assertEquals(List.of("artemis"), play("artemis").aliases());
        assertEquals(List.of(), play("maestro-sender").aliases());
        assertEquals(List.of(), play("maestro-client").aliases());
    }

    @Test
    void changesADeploymentOnlyByItsPorts() {
        for (JsonNode deployment : manifests.ofKind("Deployment")) {
            JsonNode played = workload(play(KubernetesManifests.nameOf(deployment)));
            assertEquals(withoutPorts(deployment), played, KubernetesManifests.nameOf(deployment));
        }
    }

    @Test
    void makesTheJobAPodOfItsNameAndTemplate() {
        JsonNode job = manifests.named("Job", "maestro-client");
        JsonNode pod = workload(play("maestro-client"));
        assertEquals("Pod", pod.path("kind").asText());
        assertEquals("maestro-client", KubernetesManifests.nameOf(pod));
        assertEquals(
                job.path("spec").path("template").path("metadata").path("labels"),
                pod.path("metadata").path("labels"));
        ObjectNode template = withoutPorts(job).path("spec").path("template").deepCopy();
        assertEquals(template.path("spec"), pod.path("spec"));
    }

    @Test
    void leavesOutNamespacesServicesSecretsAndJobs() {
        for (KubePlayRendering.Play play : rendering.plays()) {
            for (JsonNode document : play.documents()) {
                assertTrue(
                        Set.of("ConfigMap", "PersistentVolumeClaim", "Deployment", "Pod")
                                .contains(document.path("kind").asText()),
                        play.name() + ": " + document.path("kind").asText());
                for (JsonNode container : KubernetesManifests.containers(
                        document.path("kind").asText().equals("Pod")
                                ? document
                                : document.path("spec").path("template"))) {
                    assertFalse(container.has("ports"), play.name() + " would publish ports on the host: " + container);
                }
            }
        }
    }

    @Test
    void carriesTheConfigMapsWithTheValuesSet() {
        JsonNode parameters = manifests.named("ConfigMap", "maestro-test-parameters");
        for (KubePlayRendering.Play play : rendering.plays()) {
            if (play.name().equals("volumes")) {
                continue;
            }
            List<String> configMaps = play.documents().stream()
                    .filter(d -> d.path("kind").asText().equals("ConfigMap"))
                    .map(KubernetesManifests::nameOf)
                    .toList();
            assertEquals(List.of("mosquitto-config", "maestro-test-script", "maestro-test-parameters"), configMaps);
            JsonNode played = play.documents().stream()
                    .filter(d -> KubernetesManifests.nameOf(d).equals("maestro-test-parameters"))
                    .findFirst()
                    .orElseThrow();
            ObjectNode expected = parameters.deepCopy();
            ((ObjectNode) expected.path("data")).put("RATE", "7");
            assertEquals(expected, played);
        }
        assertEquals("500", parameters.path("data").path("RATE").asText(), "the manifests themselves are unchanged");
    }

    @Test
    void givesTheSecretsValuesInBase64() throws IOException {
        JsonNode secret = manifests.named("Secret", "artemis-credentials");
        assertEquals(1, rendering.secrets().size());
        KubePlayRendering.PodmanSecret podman = rendering.secrets().get(0);
        assertEquals("artemis-credentials", podman.name());
        JsonNode json = new ObjectMapper().readTree(podman.json());
        List<String> keys = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : YamlFiles.fields(secret.path("stringData"))) {
            keys.add(entry.getKey());
            assertEquals(
                    entry.getValue().asText(),
                    new String(
                            Base64.getDecoder().decode(json.path(entry.getKey()).asText()), StandardCharsets.UTF_8));
        }
        assertEquals(Set.copyOf(keys), Set.copyOf(YamlFiles.fieldNames(json)));
    }

    @Test
    void writesFilesThatReadBackAsTheSameDocuments() throws IOException {
        for (KubePlayRendering.Play play : rendering.plays()) {
            Path file = work.resolve(play.name() + ".yaml");
            Files.writeString(file, play.yaml());
            assertEquals(play.documents(), YamlFiles.readAll(file), play.name());
        }
        assertEquals(
                Set.of("maestro:0.1.0-SNAPSHOT", "maestro-mosquitto:bookworm", "maestro-artemis:2.40.0"),
                rendering.images());
    }

    @Test
    void renamesImagesAsTheKustomizationSays() throws IOException {
        KubePlayRendering renamed = KubePlayRendering.of(
                manifestsOf(
                        "images: [{name: maestro, newName: registry.example.com/maestro, newTag: '1.0'}]",
                        deployment("worker", "image: maestro:0.1.0-SNAPSHOT")),
                Map.of());
        assertEquals(Set.of("registry.example.com/maestro:1.0"), renamed.images());
    }

    @Test
    void renamesImagesAsKubectlKustomizeDoesWhereKubectlIsInstalled() throws Exception {
        Assumptions.assumeTrue(CommandRun.onPath("kubectl"), "kubectl is not installed");
        KubernetesManifests renamed = manifestsOf(
                "images:\n"
                        + "  - {name: maestro, newName: registry.example.com/maestro, newTag: '1.0'}\n"
                        + "  - {name: other, newTag: '9'}\n"
                        + "  - {name: third, newName: registry.example.com/third}\n",
                deployment("a", "image: maestro:0.1.0-SNAPSHOT") + "---\n" + deployment("b", "image: other:1")
                        + "---\n" + deployment("c", "image: third:2") + "---\n"
                        + deployment("d", "image: untouched:3"));
        for (KubernetesManifests manifests : List.of(renamed, KubePlayRenderingTest.manifests)) {
            CommandRun.Result built = CommandRun.of(
                            List.of(
                                    "kubectl",
                                    "kustomize",
                                    manifests.directory().toString()),
                            manifests.directory(),
                            Map.of())
                    .run(Duration.ofSeconds(60));
            assertEquals(0, built.exitCode(), built.toString());
            Path output = work.resolve("kustomized.yaml");
            Files.writeString(output, built.output());
            Set<String> images = new HashSet<>();
            for (JsonNode object : YamlFiles.readAll(output)) {
                JsonNode template = object.path("spec").path("template");
                KubernetesManifests.containers(template)
                        .forEach(c -> images.add(c.path("image").asText()));
            }
            assertEquals(
                    images,
                    KubePlayRendering.of(manifests, Map.of()).images(),
                    manifests.directory().toString());
        }
    }

    @Test
    void refusesWhatKubePlayWouldRunDifferently() throws IOException {
        Map<String, String> refused = Map.of(
                "subPath",
                deployment("a", "image: x:1\n          volumeMounts: [{name: c, mountPath: /f, subPath: f}]")
                        + "      volumes: [{name: c, configMap: {name: c}}]\n",
                "does not expand",
                deployment("a", "image: x:1\n          args: [\"$(HOME)/x\"]"),
                "maps no port",
                deployment("a", "image: x:1\n          ports: [{name: p, containerPort: 80}]")
                        + "---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n"
                        + "spec: {selector: {app: a}, ports: [{port: 8080, targetPort: p}]}\n",
                "selects no Deployment",
                deployment("a", "image: x:1")
                        + "---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n"
                        + "spec: {selector: {app: b}, ports: [{port: 80}]}\n",
                "podman kube play has no StatefulSet",
                "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: s}\n",
                "the rendering knows",
                deployment("a", "image: x:1") + "      volumes: [{name: h, hostPath: {path: /tmp}}]\n");
        for (Map.Entry<String, String> manifest : refused.entrySet()) {
            IllegalArgumentException refusal = assertThrows(
                    IllegalArgumentException.class,
                    () -> KubePlayRendering.of(manifestsOf("", manifest.getValue()), Map.of()),
                    manifest.getKey());
            assertTrue(refusal.getMessage().contains(manifest.getKey()), refusal.getMessage());
        }
    }

    @Test
    void refusesAValueForAKeyTheConfigMapLacks() {
        IllegalArgumentException refusal = assertThrows(
                IllegalArgumentException.class,
                () -> KubePlayRendering.of(manifests, Map.of("maestro-test-parameters", Map.of("RATES", "1"))));
        assertTrue(refusal.getMessage().contains("has no key RATES"), refusal.getMessage());
    }

    private static String deployment(String name, String container) {
        return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + name + "}\n"
                + "spec:\n  selector: {matchLabels: {app: " + name + "}}\n  template:\n"
                + "    metadata: {labels: {app: " + name + "}}\n    spec:\n      containers:\n"
                + "        - name: c\n          " + container + "\n";
    }

    private KubernetesManifests manifestsOf(String kustomization, String objects) throws IOException {
        Path folder = Files.createTempDirectory(work, "manifests");
        Files.writeString(folder.resolve("objects.yaml"), objects);
        Files.writeString(folder.resolve("kustomization.yaml"), "resources: [objects.yaml]\n" + kustomization + "\n");
        return KubernetesManifests.load(folder);
    }
}
