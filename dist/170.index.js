"use strict";
exports.id = 170;
exports.ids = [170];
exports.modules = {

/***/ 9170:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pullsFinisher: () => (/* binding */ pullsFinisher)
/* harmony export */ });
/**
 * Finishes a followed pull request's round that no run reported (a `wait: false` run, a run
 * cancelled or out of time), exactly as the waiting run would have; undefined for an item without
 * this action's signed follow line (another mode's request: the next finisher is asked).
 */
const pullsFinisher = {
    name: 'pulls',
    async finish(item, context) {
        if (!item.pullRequest)
            return undefined;
        const { finishFollowed } = await Promise.all(/* import() */[__webpack_require__.e(177), __webpack_require__.e(236), __webpack_require__.e(718)]).then(__webpack_require__.bind(__webpack_require__, 718));
        return finishFollowed(item.number, context);
    },
};


/***/ })

};
;