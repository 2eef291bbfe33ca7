import L from 'leaflet';

/** A coordinate grid drawn in the browser: the map stays usable with no tile server at all. */
export const CoordinateGrid = L.GridLayer.extend({
  createTile(this: L.GridLayer & { _map: L.Map }, coords: L.Coords) {
    const tile = document.createElement('canvas');
    const size = this.getTileSize();
    tile.width = size.x;
    tile.height = size.y;
    const ctx = tile.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#f4f7fb';
      ctx.fillRect(0, 0, size.x, size.y);
      ctx.strokeStyle = '#e3e9f2';
      for (let i = 1; i < 4; i += 1) {
        const at = Math.round((size.x * i) / 4) + 0.5;
        ctx.beginPath();
        ctx.moveTo(at, 0);
        ctx.lineTo(at, size.y);
        ctx.moveTo(0, at);
        ctx.lineTo(size.x, at);
        ctx.stroke();
      }
      ctx.strokeStyle = '#c3cfdf';
      ctx.strokeRect(0.5, 0.5, size.x, size.y);
      const nw = this._map.unproject(L.point(coords.x * size.x, coords.y * size.y), coords.z);
      ctx.fillStyle = '#8a9bb3';
      ctx.font = '11px sans-serif';
      ctx.fillText(`${nw.lat.toFixed(3)}, ${nw.lng.toFixed(3)}`, 6, 14);
    }
    return tile;
  },
});
