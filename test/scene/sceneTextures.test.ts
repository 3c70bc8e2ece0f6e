/** ShaderWarmup's texturesOf: the textures it uploads ahead of the first frame, each once. */
import { BoxGeometry, DataTexture, Mesh, MeshStandardMaterial, Scene, ShaderMaterial } from 'three';
import { expect, it } from 'vitest';
import { texturesOf } from '../../src/scene/ShaderWarmup';

it("finds a material's own textures and those of its shader's uniforms, each once", () => {
  const wood = new DataTexture();
  const labels = new DataTexture();
  const coordinates = new DataTexture();
  const scene = new Scene();
  const geometry = new BoxGeometry();
  scene.add(new Mesh(geometry, new MeshStandardMaterial({ map: wood })));
  scene.add(new Mesh(geometry, [new MeshStandardMaterial({ map: wood }), new ShaderMaterial({ uniforms: { labels: { value: labels }, size: { value: 2 } } })]));
  const board = new MeshStandardMaterial();
  board.userData.uniforms = { coordinates: { value: coordinates }, shown: { value: 0 } };
  const group = new Scene();
  group.add(new Mesh(geometry, board));
  scene.add(group);
  expect([...texturesOf(scene)]).toEqual([wood, labels, coordinates]);
});
