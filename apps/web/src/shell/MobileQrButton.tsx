import { useEffect, useState } from 'react';
import { Popover, Tooltip } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { MOBILE_BASE_PATH } from '@park/core';

/** The mobile client's address on this server: what a phone on the same network opens. */
export function mobileAddress(origin = window.location.origin): string {
  return `${origin}${MOBILE_BASE_PATH}/`;
}

/**
 * The QR code, drawn in the browser to a data URL (the qrcode package, loaded when first opened;
 * nothing leaves the intranet, and a data: image is allowed by the page's CSP).
 */
function MobileQr() {
  const address = mobileAddress();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(address, { width: 200, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div className="top-bar-qr" data-testid="mobile-qr">
      {src ? <img src={src} width={200} height={200} alt="移动端二维码" /> : <div className="top-bar-qr-wait">{failed ? '二维码生成失败' : '生成中…'}</div>}
      <div className="top-bar-qr-text">手机扫码打开移动工作台</div>
      <div className="top-bar-qr-address">{address}</div>
    </div>
  );
}

/** 手机版: a QR code of the mobile address, so a user opens it on a phone without typing (issue 37). */
export function MobileQrButton() {
  return (
    <Popover trigger="click" placement="bottomRight" content={<MobileQr />} destroyOnHidden>
      <Tooltip title="手机扫码访问移动端" placement="left">
        {/* An icon only: with 租户管理 and 微应用 the park's menus need the bar's width (shell.spec at 1440 px). */}
        <button type="button" className="top-bar-icon-btn" aria-label="手机版">
          <MobileOutlined aria-hidden="true" />
        </button>
      </Tooltip>
    </Popover>
  );
}
