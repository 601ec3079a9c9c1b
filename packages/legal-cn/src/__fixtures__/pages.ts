// Page texts as Exa ("text") or Tavily ("content") return them: plain text, line breaks kept. Fictional
// where marked; statute wording follows the real laws' style (articles, chapters, 施行 clauses).

export interface Page {
  url: string;
  title: string;
  text: string;
  publishedDate?: string;
}

/** 国家法律法规数据库 page of the Civil Code: metadata, then articles 107–109 across a chapter break. */
export const civilCodePage: Page = {
  url: 'https://flk.npc.gov.cn/detail2.html?ZmY4MDgxODE3MjlkMWVmZTAxNzI5ZDUwYjVjNTAwYmY%3D',
  title: '中华人民共和国民法典_国家法律法规数据库',
  text: `中华人民共和国民法典
制定机关：全国人民代表大会
法律性质：法律
时效性：有效
公布日期：2020-05-28
施行日期：2021-01-01
（2020年5月28日第十三届全国人民代表大会第三次会议通过）

第一百零六条　有下列情形之一的，非法人组织解散：
（一）章程规定的存续期间届满或者章程规定的其他解散事由出现；
（二）出资人或者设立人决定解散；
（三）法律规定的其他情形。
第一百零七条　非法人组织解散的，应当依法进行清算。
第一百零八条　非法人组织除适用本章规定外，参照适用本编第三章第一节的有关规定。

第五章　民事权利

第一百零九条　自然人的人身自由、人格尊严受法律保护。
第一百一十条　自然人享有生命权、身体权、健康权、姓名权、肖像权、名誉权、荣誉权、隐私权、婚姻自主权等权利。`,
};

/** Fictional local regulation on 北大法宝: an article citing its own and other laws' articles. */
export const dataRegulationPage: Page = {
  url: 'https://www.pkulaw.com/lar/5d2c0e8b7a1f4e3c9b6a0d1e2f3a4b5cbdfb.html',
  title: '某市公共数据管理条例 - 北大法宝',
  text: `某市公共数据管理条例
（2022年11月25日某市第十六届人民代表大会常务委员会第七次会议通过）
第四十一条　公共管理和服务机构应当建立数据安全管理制度。
第四十二条【法律责任】违反本条例第十八条、第十九条规定，未履行数据安全保护义务的，由有关主管部门依照《中华人民共和国数据安全法》第四十五条和《中华人民共和国个人信息保护法》第六十六条的规定予以处罚；本条例第四十一条另有规定的，从其规定。
第四十三条　本条例具体应用中的问题由市人民政府负责解释。
第四十四条　本条例自二〇二三年三月一日起施行。`,
};

/** A Q&A article that quotes the Civil Code but does not reproduce article 108 as a heading. */
export const lawyerAnswerPage: Page = {
  url: 'https://www.chinalawinfo.com/qa/2024/108.shtml',
  title: '非法人组织如何参照适用法人的规定？律师解答',
  text: '问：合伙企业解散后如何处理？答：根据民法典第一百零八条的规定，非法人组织除适用本章规定外，参照适用法人的有关规定，合伙企业解散的应当依法清算。',
};

/** 中国裁判文书网 second-instance civil judgment (fictional parties and numbers). */
export const civilJudgmentPage: Page = {
  url: 'https://wenshu.court.gov.cn/website/wenshu/181107ANFZ0BXSK4/index.html?docId=4f1c2a7e9b0d4c6e8a2f',
  title: '张某、李某民间借贷纠纷民事二审民事判决书',
  publishedDate: '2023-07-02T00:00:00.000Z',
  text: `北京市第一中级人民法院
民 事 判 决 书
（2023）京01民终1234号
上诉人（原审被告）：张某，男，1980年3月5日出生，住北京市朝阳区。
被上诉人（原审原告）：李某，女，1985年8月12日出生，住北京市海淀区。
上诉人张某因与被上诉人李某民间借贷纠纷一案，不服北京市朝阳区人民法院（2022）京0105民初5678号民事判决，向本院提起上诉。本院依法组成合议庭进行了审理。
本院经审理查明：2021年4月1日，张某向李某借款20万元，约定于2022年4月1日前归还，借款到期后张某未归还。
本院认为，当事人对自己提出的主张有责任提供证据。张某主张已归还借款，但未提交证据证明，本院不予采信。依照《中华人民共和国民事诉讼法》第一百七十七条第一款第一项规定，判决如下：
驳回上诉，维持原判。
二审案件受理费4300元，由张某负担。
本判决为终审判决。
审判长　王某
审判员　赵某
审判员　钱某
二〇二三年六月十五日
书记员　孙某`,
};

/** A criminal first-instance judgment republished on the Supreme People's Court site (fictional). */
export const criminalJudgmentPage: Page = {
  url: 'https://www.court.gov.cn/wenshu/xiangqing-398123.html',
  title: '刘某某盗窃一审刑事判决书_中华人民共和国最高人民法院',
  text: `浙江省杭州市西湖区人民法院刑事判决书（2022）浙0106刑初789号 公诉机关杭州市西湖区人民检察院。被告人刘某某，男，1990年出生。经审理查明，2022年5月至6月间，被告人刘某某在杭州市西湖区多次盗窃电动自行车三辆，价值共计人民币8600元。本院认为，被告人刘某某以非法占有为目的，多次盗窃他人财物，数额较大，其行为已构成盗窃罪。判决如下：一、被告人刘某某犯盗窃罪，判处有期徒刑一年，并处罚金人民币五千元。二、责令被告人刘某某退赔被害人经济损失。如不服本判决，可在接到判决书的第二日起十日内，通过本院或者直接向浙江省杭州市中级人民法院提出上诉。审判员 周某 二〇二二年十一月三日`,
};

/** A news report naming a case by number only (half-width parentheses, administrative code). */
export const newsReportPage: Page = {
  url: 'https://www.chinacourt.org/article/detail/2022/03/id/6571234.shtml',
  title: '最高法发布一批行政诉讼典型案例',
  publishedDate: '2022-03-18T08:00:00.000Z',
  text: '在某公司诉某市市场监督管理局行政处罚一案中，最高人民法院在(2021)最高法行申4567号裁定中明确，行政机关作出处罚决定前应当充分听取当事人的陈述和申辩。',
};

/** A page about judicial practice with no case in it. */
export const practicePage: Page = {
  url: 'https://www.chinacourt.org/article/detail/2023/09/id/7512345.shtml',
  title: '民间借贷案件审理中的几个问题',
  text: '近年来，民间借贷纠纷数量持续增长。审理此类案件时，应当重点审查借贷合意和款项交付的证据。',
};
